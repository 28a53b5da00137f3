import type { SaveFile } from './backup-tasks';

/** Saves a file through a download link (the browser's download; jsdom cannot, tests inject their own). */
export const saveFileWithLink: SaveFile = (file, fileName) => {
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};
