import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CategoryIcon from '@mui/icons-material/Category';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import type { SvgIconComponent } from '@mui/icons-material';
import type { PermissionGroup } from '../providers/permissions';

export const GROUP_ICONS: Record<PermissionGroup, SvgIconComponent> = {
  userManagement: PeopleIcon,
  assigningJobs: AssignmentIndIcon,
  serviceManagement: CategoryIcon,
  pricingManagement: CurrencyRupeeIcon,
  orders: ShoppingCartIcon,
  return: KeyboardReturnIcon,
  banners: ViewCarouselIcon,
  tiffinPlan: EventNoteIcon,
  supports: HelpCenterIcon,
  others: MoreHorizIcon,
  settings: SettingsIcon,
};
