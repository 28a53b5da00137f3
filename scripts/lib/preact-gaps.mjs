// The React exports preact/compat lacks. Builds run preact/compat in React's place (shell/build/preact.ts),
// so eslint bans these in front-end code (unit tests and Storybook still run React, where they would
// work); preact-gaps.test.mjs checks the list against the installed React and preact.
export const REACT_EXPORTS_PREACT_LACKS = {
  react: [
    'Activity',
    'Profiler',
    'ViewTransition',
    'act',
    'addTransitionType',
    'cache',
    'cacheSignal',
    'captureOwnerStack',
    'unstable_useCacheRefresh',
    'useActionState',
    'useOptimistic',
  ],
  'react-dom': [
    'browser',
    'preconnect',
    'prefetchDNS',
    'preinit',
    'preinitModule',
    'preload',
    'preloadModule',
    'requestFormReset',
    'useFormState',
    'useFormStatus',
  ],
  'react-dom/client': ['version'],
};
