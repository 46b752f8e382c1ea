import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadConfig } from '../src/config';
import { REPO_ROOT } from '../src/lib/paths';

/**
 * Checks by reading the deployment files (there is no Docker here): the image copies what the
 * server reads at run time, compose sets only settings config.ts knows and that it accepts, and
 * the environment reference lists every setting. docs/deployment.md.
 */
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** What the built server reads from the repository at run time, besides node_modules. */
const RUNTIME_PATHS = [
  'apps/server/package.json',
  'apps/server/dist',
  'apps/server/.cache',
  'apps/web/dist',
  'apps/server/src/modules/translations/catalogue',
  'apps/server/src/modules/capture/einvoice/schemas',
  'apps/server/src/modules/payments/iso20022/schemas',
  'docs/openapi.json',
];

/** Every file under apps/server/src that is not a test, with its path from the repository. */
function sources(dir = 'apps/server/src'): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The setting names of config.ts's schema, the only reader of process.env. */
const ENV_SCHEMA = /const EnvSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(
  read('apps/server/src/config.ts'),
)?.[1];
const CONFIG_VARIABLES = [...(ENV_SCHEMA ?? '').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
  (m) => m[1] ?? '',
);

const runtimeStage = read('Dockerfile').split(/^FROM .* AS runtime$/m)[1] ?? '';

/** `KEY=value` lines of an env file. */
function envFile(file: string): Record<string, string> {
  return Object.fromEntries(
    read(file)
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Compose's interpolation: ${X}, ${X:-default}, ${X:?error}, and $$ for a $. */
function interpolate(value: unknown, env: Record<string, string>): string {
  return String(value)
    .replace(
      /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
      (_all, name: string, op?: string, arg?: string) => {
        const set = env[name];
        if (set !== undefined && set !== '') return set;
        if (op === '?') throw new Error(`${name}: ${arg ?? 'required'}`);
        return op === '-' ? (arg ?? '') : '';
      },
    )
    .replace(/\$\$/g, '$');
}

describe('Dockerfile', () => {
  it('starts the file that npm run build bundles', () => {
    const outfile = /outfile: path\.join\(serverRoot, '([^']+)'\)/.exec(
      read('apps/server/scripts/build.mjs'),
    )?.[1];
    expect(outfile).toBe('dist/main.js');
    expect(runtimeStage).toContain('CMD ["node", "apps/server/dist/main.js"]');
    expect(JSON.parse(read('package.json')).scripts.serve).toBe('node apps/server/dist/main.js');
  });

  it('copies every runtime path into the runtime stage, and the list matches the code', () => {
    const copied = [...runtimeStage.matchAll(/^COPY (?:--from=\S+ )?(.+)$/gm)].flatMap((m) =>
      (m[1] ?? '').split(/\s+/),
    );
    for (const wanted of RUNTIME_PATHS) expect(copied, wanted).toContain(wanted);
    // Files found from SERVER_ROOT or REPO_ROOT in the server's code (lib/paths.ts).
    const found = sources().flatMap((file) => {
      const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      return [...text.matchAll(/path\.join\((SERVER_ROOT|REPO_ROOT), '([^']+)'\)/g)].map((m) =>
        m[1] === 'SERVER_ROOT' ? `apps/server/${m[2]}` : (m[2] ?? ''),
      );
    });
    expect(found.length).toBeGreaterThan(4);
    for (const file of found) {
      expect(
        RUNTIME_PATHS.some((p) => file === p || file.startsWith(`${p}/`)),
        file,
      ).toBe(true);
    }
  });

  it('finds the files it resolves in node_modules in production dependencies', () => {
    const manifest = JSON.parse(read('apps/server/package.json')) as {
      dependencies: Record<string, string>;
    };
    // The test helpers (s3-test-server.ts) are not part of the build.
    const resolved = sources()
      .filter((file) => !/test-server\.ts$/.test(file))
      .flatMap((file) => {
        const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
        const calls = text.matchAll(
          /(?:require|\))\.resolve\([`'](@[^/`']+\/[^/`']+|[^@./`'][^/`']*)/g,
        );
        return [...calls].map((m) => m[1] ?? '');
      });
    expect(resolved).toContain('dejavu-fonts-ttf');
    const dependencies = Object.keys(manifest.dependencies);
    for (const name of resolved) {
      // `@tesseract.js-data/${language}`: one of the packages the name starts.
      const prefix = name.split('${')[0] ?? name;
      expect(
        dependencies.some((d) => (name.includes('${') ? d.startsWith(prefix) : d === name)),
        name,
      ).toBe(true);
    }
  });

  it('runs as a user other than root, on 0.0.0.0, with DATA_DIR in a volume and a health check', () => {
    expect(runtimeStage).toMatch(/^USER listina$/m);
    expect(runtimeStage).toContain('HOST=0.0.0.0');
    expect(runtimeStage).toContain('DATA_DIR=/data');
    expect(runtimeStage).toContain('VOLUME ["/data"]');
    expect(runtimeStage).toContain('/api/health');
    expect(runtimeStage).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(runtimeStage).toMatch(/npm ci --omit=dev --workspace @listina\/server/);
  });
});

describe('compose.yaml', () => {
  const compose = YAML.parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      { environment?: Record<string, unknown>; depends_on?: Record<string, unknown> }
    >;
  };
  const example = envFile('deploy/env.example');

  it.each([
    ['api', 'api'],
    ['worker', 'worker'],
  ] as const)('%s: sets only known settings, which config.ts accepts', (service, role) => {
    const environment = compose.services[service]?.environment ?? {};
    for (const name of Object.keys(environment)) expect(CONFIG_VARIABLES, name).toContain(name);
    const env = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [name, interpolate(value, example)]),
    );
    const config = loadConfig(env);
    expect(config.processRole).toBe(role);
    expect(config.storage.kind).toBe('s3');
    expect(config.databaseUrl).toMatch(/^postgres:\/\/listina:.+@postgres:5432\/listina$/);
    expect(config.host).toBe('0.0.0.0');
    expect(config.trustProxy).toEqual(['uniquelocal']);
    expect(compose.services[service]?.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
    });
  });

  it('refuses to start without the secrets of the .env file', () => {
    const environment = compose.services.api?.environment ?? {};
    expect(() => interpolate(environment.S3_SECRET_ACCESS_KEY, {})).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('names in the env example are settings or compose variables', () => {
    const composeText = read('compose.yaml');
    for (const name of Object.keys(example)) {
      expect(CONFIG_VARIABLES.includes(name) || composeText.includes(`\${${name}`), name).toBe(
        true,
      );
    }
  });
});

describe('systemd units', () => {
  it.each(['listina-api@.service', 'listina-worker.service'])('%s stops gracefully', (unit) => {
    const text = read(`deploy/systemd/${unit}`);
    const stop = Number(/^TimeoutStopSec=(\d+)s$/m.exec(text)?.[1]);
    expect(stop * 1000).toBeGreaterThan(loadConfig({}).shutdownGraceMs);
    expect(text).toMatch(/^KillSignal=SIGTERM$/m);
    expect(text).toMatch(/^Restart=on-failure$/m);
    expect(text).toMatch(/^EnvironmentFile=/m);
    expect(text).toMatch(/^ProtectSystem=strict$/m);
    expect(text).toMatch(/^NoNewPrivileges=yes$/m);
    expect(text).toMatch(/^ExecStart=\/usr\/bin\/node apps\/server\/dist\/main\.js$/m);
  });
});

describe('environment reference', () => {
  it('the README table lists every setting of config.ts', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(40);
    const readme = read('README.md');
    const missing = CONFIG_VARIABLES.filter((name) => !readme.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
    expect(read('docs/deployment.md')).toContain('../README.md#configuration');
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; proxy addresses, CIDRs or named ranges otherwise', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'loopback',
    ]);
    // Fastify ignores a hop count (it cannot check the nearest peer): refused, not silently off.
    for (const wrong of ['1', 'true', 'the proxy', '10.0.0.0/33', '300.1.1.1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be proxy/);
    }
  });
});
