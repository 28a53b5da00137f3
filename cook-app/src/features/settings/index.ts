// Settings (/settings).
export { SettingsScreen, type SettingsScreenProps } from './settings-screen';
export { removeThisDevicesCopy } from './logout-section';
