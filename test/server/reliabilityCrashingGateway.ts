/**
 * A gateway process that dies like a killed server: SIGKILL, no shutdown hooks, right after the card provider
 * answered a charge and before the gateway recorded it (config fault hook afterProviderCharge). Started by
 * reliability.test.ts as a child process on the test's PostgreSQL database (DATABASE_URL); prints one JSON line
 * with its URLs when it listens.
 */
import { startGateway } from '../../src/server/start';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const gateway = await startGateway({
  port: 0,
  paymentsPort: 0,
  host: '127.0.0.1',
  databaseUrl,
  sandbox: true,
  logLevel: 'silent',
  codePepper: process.env.CODE_PEPPER,
  config: {
    jobs: 'manual',
    faults: { afterProviderCharge: () => { process.kill(process.pid, 'SIGKILL'); } },
  },
});
const config = await fetch(new URL('/gateway/pcapp/api/v1/pay/config', gateway.url)).then((r) => r.json()) as { data: { origin: string } };
process.stdout.write(`${JSON.stringify({ url: gateway.url, paymentsUrl: config.data.origin })}\n`);
