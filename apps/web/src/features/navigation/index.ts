// The navigation's public entry: the signed-in frame (navigation bar, menu, banners) around the screens.
export { AppLayout } from './app-layout';
