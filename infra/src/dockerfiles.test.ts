import { describe, expect, it } from 'vitest';
import {
  copiesOf,
  dockerfiles,
  dockerignored,
  dockerignorePatterns,
  execForm,
  finalStage,
  instructionsNamed,
  lastValue,
  lastWorkdir,
  parseDockerfile,
  stageEnv,
} from './support/dockerfile';
import { readRepoFile, repoFileExists, rootPackage } from './support/repo';
import { processes } from './support/service-env';

/** The base images the Dockerfiles may start from (small, official, non-root-capable). */
const allowedBaseImages = [/^node:20-bookworm-slim$/, /^nginxinc\/nginx-unprivileged:[0-9.]+-alpine$/];
const nodeImages = [...new Set(processes.map((p) => p.image))];

const byImage = (image: string) => parseDockerfile(`infra/docker/${image}.Dockerfile`);

describe('Dockerfiles (infra/docker)', () => {
  it('has one per image: the four Node images and the nginx front end', () => {
    expect(dockerfiles()).toEqual(
      [...nodeImages, 'web'].map((image) => `infra/docker/${image}.Dockerfile`).sort(),
    );
  });

  describe.each(dockerfiles())('%s', (file) => {
    const dockerfile = () => parseDockerfile(file);

    it('is multi-stage, each FROM an allowed base image or an earlier stage', () => {
      const { stages } = dockerfile();
      expect(stages.length).toBeGreaterThanOrEqual(2);
      stages.forEach((stage, index) => {
        const earlier = stages.slice(0, index).map((s) => s.name);
        const known =
          earlier.includes(stage.base) || allowedBaseImages.some((pattern) => pattern.test(stage.base));
        expect(known, `FROM ${stage.base}`).toBe(true);
      });
    });

    it('copies --from earlier stages only, and from the context only files that exist and are not ignored', () => {
      const { stages } = dockerfile();
      const ignore = dockerignorePatterns();
      stages.forEach((stage, index) => {
        const earlier = stages.slice(0, index).map((s) => s.name);
        for (const copy of copiesOf(stage)) {
          if (copy.from !== undefined) {
            expect(earlier, `COPY --from=${copy.from}`).toContain(copy.from);
            continue;
          }
          for (const source of copy.sources) {
            const path = source.replace(/\/$/, '');
            expect(repoFileExists(path), `COPY ${source}`).toBe(true);
            expect(dockerignored(path, ignore), `COPY ${source} is .dockerignored`).toBe(false);
          }
        }
      });
    });

    it('runs its final stage as a non-root user, with a HEALTHCHECK', () => {
      const stage = finalStage(dockerfile());
      const user = lastValue(stage, 'USER');
      expect(user).toBeDefined();
      expect(user).not.toMatch(/^(root|0)(:|$)/);
      const [healthcheck] = instructionsNamed(stage, 'HEALTHCHECK');
      expect(healthcheck?.args).toMatch(/\bCMD\s+\[/);
      expect(execForm(healthcheck!.args.slice(healthcheck!.args.indexOf('CMD'))).join(' ')).toContain(
        '/healthz',
      );
    });
  });

  describe.each(nodeImages)('the %s image', (image) => {
    const dockerfile = () => byImage(image);
    const workspace = () => lastWorkdir(finalStage(dockerfile())).replace(/^\/app\//, '');

    it('runs node --import tsx with an entry file that exists in the repository', () => {
      const stage = finalStage(dockerfile());
      const command = execForm(lastValue(stage, 'CMD')!);
      expect(command.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
      expect(repoFileExists(`${workspace()}/${command[3]}`)).toBe(true);
      expect(readRepoFile(`${workspace()}/package.json`)).toContain('"type": "module"');
    });

    it('installs production dependencies only, of its workspace, with npm ci from the lockfile', () => {
      const runs = dockerfile().stages.flatMap((stage) => instructionsNamed(stage, 'RUN').map((r) => r.args));
      const install = runs.find((run) => run.includes('npm ci') && run.includes('--omit=dev'));
      expect(install).toContain(`--workspace ${workspace()}`);
    });

    it("copies every workspace's package.json before npm ci (npm ci needs them all)", () => {
      for (const stage of dockerfile().stages.filter((s) =>
        instructionsNamed(s, 'RUN').some((r) => /npm ci/.test(r.args)),
      )) {
        const copied = copiesOf(stage).flatMap((copy) => copy.sources);
        expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
        for (const folder of rootPackage().workspaces)
          expect(copied, folder).toContain(`${folder}/package.json`);
      }
    });

    it('pins tsx to the version of the root devDependency', () => {
      const tsx = dockerfile().stages.find((stage) => stage.name === 'tsx');
      const args = instructionsNamed(tsx!, 'ARG')
        .map((a) => a.args)
        .join(' ');
      expect(args).toContain(`TSX_VERSION=${rootPackage().devDependencies.tsx}`);
    });

    it('listens on all interfaces in production mode (HOST defaults to 127.0.0.1)', () => {
      expect(stageEnv(finalStage(dockerfile()))).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    });
  });

  it('builds the front ends in the gateway and nginx images and serves them at the gateway paths', () => {
    expect(stageEnv(finalStage(byImage('gateway'))).STATIC_ROOT).toBe('/app');
    const gatewayCopies = copiesOf(finalStage(byImage('gateway'))).filter((c) => c.from === 'web-build');
    expect(gatewayCopies.map((c) => c.destination).sort()).toEqual(
      ['admin-console/dist', 'cook-app/dist', 'shell/dist'].sort(),
    );
    const webCopies = copiesOf(finalStage(byImage('web'))).filter((c) => c.from === 'web-build');
    expect(Object.fromEntries(webCopies.map((c) => [c.sources[0], c.destination]))).toEqual({
      '/app/shell/dist': '/usr/share/nginx/html',
      '/app/cook-app/dist': '/usr/share/nginx/html/remotes/cook-app',
      '/app/admin-console/dist': '/usr/share/nginx/html/remotes/admin-console',
    });
    const webBuild = byImage('web').stages.find((s) => s.name === 'web-build')!;
    expect(instructionsNamed(webBuild, 'RUN').map((r) => r.args)).toContain('npm run build');
  });

  it('keeps installed and built output, secrets and local state out of the build context', () => {
    const ignore = dockerignorePatterns();
    for (const path of [
      'node_modules/express/package.json',
      'services/gateway/node_modules/x',
      'shell/dist/index.html',
      '.git/HEAD',
      '.data/postgres/PG_VERSION',
      'infra/.env',
      'services/auth/src/app.test.ts',
    ]) {
      expect(dockerignored(path, ignore), path).toBe(true);
    }
    for (const path of [
      'package-lock.json',
      'infra/.env.example',
      'tests/package.json',
      'shell/build/build-meta.ts',
      'services/auth/src/main.ts',
      'services/auth/src/data-access/drizzle/meta/_journal.json',
    ]) {
      expect(dockerignored(path, ignore), path).toBe(false);
    }
  });
});
