/** The drawer's id, for the menu button's aria-controls: apart, so that the header does not load the drawer's code. */
export const MOBILE_DRAWER_ID = 'mobile-navigation';
