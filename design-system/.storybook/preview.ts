import { createElement } from 'react';
import type { Preview } from '@storybook/react-vite';
import { applyTheme } from '../src/theme/theme';
import type { ThemeChoice } from '../src/theme/theme';
import '../src/styles.css';

// Light/dark toolbar: sets data-theme on <html> exactly as the app does ('system' removes it).
const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'system', title: 'System' },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'system' },
  decorators: [
    (Story, context) => {
      const choice = (context.globals.theme as ThemeChoice | undefined) ?? 'system';
      if (typeof document !== 'undefined') applyTheme(choice, document.documentElement);
      // Stories sit in a <main> landmark, as every screen of the app does.
      return createElement('main', { className: 'pc-story' }, createElement(Story));
    },
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
