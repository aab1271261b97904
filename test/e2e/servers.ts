/**
 * The gateways of an end-to-end run: one per Playwright worker, each on its own port and data directory.
 * The runner process picks the first port and passes it to the workers through the environment.
 */
process.env.E2E_PORT ??= String(18000 + 10 * Math.floor(Math.random() * 100));

/** Workers of a run: 2 by default (the 2 cores of CI: while one worker's browser waits on the gateway, the other runs). */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Ports are 10 apart: each gateway's payment sandbox listens on its port + 1. */
export const gatewayPort = (index: number): number => Number(process.env.E2E_PORT) + 10 * index;

export const gatewayUrl = (index: number): string => `http://127.0.0.1:${gatewayPort(index)}`;
