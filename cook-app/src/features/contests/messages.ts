export const CONTESTS_TEXT = {
  inUseTitle: 'Cannot delete — cook-off is in use.',
  inUseHint: 'It may have runs or attached templates. Consider removing attachments or archiving instead.',
  deleteQuestion: (name: string) =>
    `Delete "${name}"? This removes it from this device; deletion may be blocked by the server if it is in use.`,
  noLocation: 'Weather Unavailable — Please set a contest location...',
  loadingWeather: 'Loading Weather...',
  emptyTitle: 'No Upcoming Cook-offs',
} as const;
