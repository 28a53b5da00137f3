// Licenses screen (/admin/licenses).
export { LicensesScreen } from './licenses-screen';
