/**
 * `npm run dev`: the gateway on GATEWAY_PORT (default 8081, API and sandbox only) and the Vite dev server
 * on PORT (default 5173) with the gateway behind its proxy (vite.config.ts). Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { embeddedPepper } from '../src/server/pepper';
import { startGateway } from '../src/server/start';

const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8081);
process.env.GATEWAY_PORT = String(gatewayPort);

const dataDir = process.env.DATA_DIR ?? './data';
if (process.env.DATABASE_URL && !process.env.CODE_PEPPER) {
  console.error('CODE_PEPPER is required with DATABASE_URL (the same secret on every gateway sharing the database).');
  process.exit(1);
}
const gateway = await startGateway({
  port: gatewayPort,
  host: '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL,
  dataDir,
  codePepper: process.env.CODE_PEPPER ?? embeddedPepper(dataDir),
  staticDir: null,
  // Browsers reach the gateway through Vite's proxy: that is the storefront's origin (decision 0013).
  config: { publicOrigin: process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 5173}`, paymentsOrigin: process.env.PAYMENTS_ORIGIN },
  sandbox: process.env.SANDBOX !== '0',
  logLevel: process.env.LOG_LEVEL ?? 'info',
});
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();
console.log(`gateway on ${gateway.url}; SMS and email inbox at /sandbox/inbox`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await vite.close();
  await gateway.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
