/** Spec §9 sizes of the shell. */
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
/** Header height, and the content's offset under a fixed header. */
export const HEADER_HEIGHT = 59;
/** Top-menu mode: the header's right-hand area and the logo's minimum width. */
export const TOP_MENU_RIGHT_WIDTH = 360;
export const TOP_MENU_LOGO_MIN_WIDTH = 165;
/** Width of the centred content and top header with the Fixed content width in top-menu mode. */
export const FIXED_CONTENT_WIDTH = 1200;
/** A hiding header comes back when scrolled above this (px). */
export const AUTO_HIDE_HEADER_OFFSET = 300;
