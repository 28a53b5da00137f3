import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Every text file of a front-end build, written beside itself as `.br` (brotli 11) and `.gz` (gzip 9) at
 * build time: the gateway and nginx send these as they are, instead of compressing each response on the
 * fly (issue 22: brotli on the fly at its default quality is larger than gzip 9).
 */
export const precompressedAssets = () =>
  compression({
    include: /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/,
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
    ],
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
