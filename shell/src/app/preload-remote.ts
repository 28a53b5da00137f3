/**
 * Asks for a remote's first files at once, before the shell has rendered: without it a signed-in first
 * load of a cook screen waits for the shell's code, then for the remote's entry, then for the exposed
 * module, one round trip after the other. Same credentials mode as Vite's own modulepreload links.
 */
export function preloadModules(urls: readonly string[], doc: Document = document): void {
  const preloaded = new Set(
    [...doc.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
  );
  for (const url of urls) {
    if (preloaded.has(url)) continue;
    preloaded.add(url);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.setAttribute('crossorigin', '');
    link.href = url;
    doc.head.append(link);
  }
}
