import fs from 'node:fs';
import { openApiDocument, OPENAPI_FILE } from '../src/modules/system/openapi';

// `npm run openapi`: regenerates the committed docs/openapi.json from packages/contract.
fs.writeFileSync(OPENAPI_FILE, openApiDocument());
console.log(`wrote ${OPENAPI_FILE}`);
