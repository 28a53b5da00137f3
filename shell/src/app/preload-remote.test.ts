import { describe, expect, it } from 'vitest';
import { preloadModules } from './preload-remote';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossorigin: link.getAttribute('crossorigin'),
  }));

describe('preloadModules', () => {
  it('adds one modulepreload link per file, in the same credentials mode as the build’s own', () => {
    document.head.innerHTML = '';
    preloadModules(['/remotes/cook-app/remoteEntry.js', '/remotes/cook-app/assets/cook-app-1.js']);
    expect(preloads()).toEqual([
      { href: '/remotes/cook-app/remoteEntry.js', crossorigin: '' },
      { href: '/remotes/cook-app/assets/cook-app-1.js', crossorigin: '' },
    ]);
  });

  it('never adds a second link for a file already preloaded', () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/remotes/cook-app/remoteEntry.js">';
    preloadModules(['/remotes/cook-app/remoteEntry.js']);
    preloadModules(['/remotes/cook-app/assets/a.js', '/remotes/cook-app/assets/a.js']);
    expect(preloads().map((link) => link.href)).toEqual([
      '/remotes/cook-app/remoteEntry.js',
      '/remotes/cook-app/assets/a.js',
    ]);
  });
});
