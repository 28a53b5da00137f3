// Admin diagnostics screen (/admin/diagnostics): the offline database of this device.
export { DiagnosticsScreen } from './diagnostics-screen';
