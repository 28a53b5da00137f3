// Admin diagnostics screen (/admin/diagnostics): the offline database of this device.
export { DiagnosticsScreen, type DiagnosticsScreenProps } from './diagnostics-screen';
