import path from 'node:path';
import { allRoutes, buildOpenApi } from '@listina/contract';
import { REPO_ROOT } from '../../lib/paths';

/** The committed copy; a test fails when it drifts from the contract (`npm run openapi`). */
export const OPENAPI_FILE = path.join(REPO_ROOT, 'docs/openapi.json');

export const openApiDocument = () =>
  `${JSON.stringify(buildOpenApi(allRoutes, '0.1.0'), null, 2)}\n`;
