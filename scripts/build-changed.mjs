// Builds the front ends whose sources changed since their last build (`npm run e2e` runs it first).
import { buildChangedFrontEnds } from './lib/front-end-build.mjs';

buildChangedFrontEnds();
