// About and diagnostics (/about).
export { AboutScreen, type AboutScreenProps } from './about-screen';
