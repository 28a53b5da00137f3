// Templates screen (/templates).
export { TemplatesScreen } from './templates-screen';
