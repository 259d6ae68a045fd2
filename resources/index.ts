import type { ResourceDeclaration } from '../src/providers/resource';
import { account } from './account';
import { categories } from './categories';
import { upcomingResources } from './upcoming';

/** Every resource of the panel; the dataProvider, the routes and the menu are built from this. */
export const resources: ResourceDeclaration[] = [categories, account, ...upcomingResources];
