import { useGetOne, useTranslate } from 'react-admin';

/** The spec's pseudo-category of the Home page banners. */
export const HOME_BANNER_ID = '123456789';

/** 'Home Banner' or the category's name, for titles and the view screen. */
export function usePlaceName(categoryId: string | undefined): string | undefined {
  const translate = useTranslate();
  const home = !categoryId || categoryId === HOME_BANNER_ID;
  const { data } = useGetOne('categories', { id: categoryId! }, { enabled: !home });
  return home ? translate('app.banners.home') : data?.name;
}
