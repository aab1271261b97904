// Decision 0014: pg-boss 10 tried against PGlite (custom executeSql) and PostgreSQL. Not part of the product: run it
// in a scratch directory, never in the repository (pg-boss is not a dependency):
//   mkdir /tmp/pgboss-eval && cd /tmp/pgboss-eval && npm init -y && npm i pg-boss@10
//   cp <repo>/docs/decisions/0014-pg-boss-evaluation.mjs eval.mjs && REPO=<repo> node eval.mjs
// It needs a PostgreSQL server at 127.0.0.1:5432 (trust auth); it creates a database and drops it.
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import pg from 'pg';

const repo = createRequire(`${process.env.REPO ?? process.cwd()}/package.json`);
const { PGlite } = await import(repo.resolve('@electric-sql/pglite'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];
const check = (db, name, value) => { results.push({ db, name, value }); console.log(`[${db}] ${name}: ${JSON.stringify(value)}`); };

async function scenario(dbName, { boss, businessTx, count, businessCount }) {
  boss.on('error', (e) => console.log(`[${dbName}] boss error: ${e.message}`));
  let t = performance.now();
  await boss.start();
  check(dbName, 'start (migrate) ms', Math.round(performance.now() - t));
  await boss.createQueue('order.fulfil');
  await boss.createQueue('email.once', { policy: 'stately' });

  // 1. Outbox: send inside our transaction, rolled back, then committed.
  await businessTx(async (executeSql) => {
    await executeSql("insert into business(note) values ('rolled back')");
    await boss.send('order.fulfil', { orderNo: 'LB-R' }, { db: { executeSql } });
    throw new Error('rollback');
  }).catch((e) => { if (e.message !== 'rollback') throw e; });
  check(dbName, 'after rollback: jobs / business rows', [await count('order.fulfil'), await businessCount()]);
  await businessTx(async (executeSql) => {
    await executeSql("insert into business(note) values ('committed')");
    await boss.send('order.fulfil', { orderNo: 'LB-C' }, { db: { executeSql } });
  });
  check(dbName, 'after commit: jobs / business rows', [await count('order.fulfil'), await businessCount()]);

  // 2. Dedupe: singletonKey on a stately queue, before and after the job completes.
  const a = await boss.send('email.once', {}, { singletonKey: 'email:LB-C' });
  const b = await boss.send('email.once', {}, { singletonKey: 'email:LB-C' });
  check(dbName, 'stately: second send while queued returns', b);
  const [job] = await boss.fetch('email.once');
  await boss.complete('email.once', job.id);
  const c = await boss.send('email.once', {}, { singletonKey: 'email:LB-C' });
  check(dbName, 'stately: send again after completion creates a new job', c !== null && c !== a);
  // Deterministic id as a dedupe key.
  const id = '00000000-0000-4000-8000-000000000001';
  const d1 = await boss.send('order.fulfil', {}, { id });
  const d2 = await boss.send('order.fulfil', {}, { id });
  check(dbName, 'same id twice: first / second', [d1, d2]);
  const [byId] = await boss.fetch('order.fulfil', { batchSize: 10 }).then((js) => js.filter((j) => j.id === id));
  await boss.complete('order.fulfil', byId.id);
  await sleep(1100);
  await boss.archive();
  check(dbName, 'same id after its completed job was archived: created again', (await boss.send('order.fulfil', {}, { id })) === id);

  // 3. Exact time: startAfter an absolute time 1.5 s ahead; fetch compares with the database's now().
  const at = new Date(Date.now() + 1500);
  await boss.createQueue('at.time');
  await boss.send('at.time', {}, { startAfter: at });
  check(dbName, 'startAfter +1.5 s: fetched now', (await boss.fetch('at.time')).length);
  // A test clock moved 1 h forward changes nothing: the job is due on the database's clock only.
  await sleep(1600);
  check(dbName, 'startAfter +1.5 s: fetched after 1.6 s real time', (await boss.fetch('at.time')).length);

  // 3b. The gateway's clock (deps.clock) moved by a test, as test/server/helpers.ts ticketFor does (61 s).
  let offset = 0;
  const appNow = () => new Date(Date.now() + offset);
  await boss.createQueue('clock.moved');
  await boss.send('clock.moved', { due: 'in 60 s on the app clock' }, { startAfter: new Date(appNow().getTime() + 60_000) });
  offset += 60_000;
  check(dbName, 'startAfter app+60 s, app clock advanced 60 s: fetched', (await boss.fetch('clock.moved')).length);
  offset += 61_000;
  await boss.send('clock.moved', { due: 'now on the app clock' }, { startAfter: appNow() });
  check(dbName, 'startAfter = app now after the clock moved 121 s: fetched (both jobs due on the app clock)', (await boss.fetch('clock.moved', { batchSize: 5 })).length);

  // 4. Pick-up latency with work() at the smallest polling interval (0.5 s), batch 1, 5 workers.
  await boss.createQueue('lat');
  const latencies = [];
  const sentAt = new Map();
  for (let w = 0; w < 5; w++) {
    await boss.work('lat', { pollingIntervalSeconds: 0.5 }, async ([j]) => { latencies.push(performance.now() - sentAt.get(j.data.n)); });
  }
  await sleep(700);
  for (let n = 0; n < 20; n++) { sentAt.set(n, performance.now()); await boss.send('lat', { n }); await sleep(137); }
  await sleep(1500);
  latencies.sort((x, y) => x - y);
  check(dbName, 'pick-up latency ms p50 / max (20 jobs)', [Math.round(latencies[9] ?? -1), Math.round(latencies.at(-1) ?? -1), latencies.length]);

  // 5. Cron: the smallest period is a minute (cron-parser 5 fields; the send-it job is a 60 s singleton).
  try {
    await boss.createQueue('every.30s');
    await boss.schedule('every.30s', '*/30 * * * * *');
    check(dbName, 'schedule with seconds accepted', true);
  } catch (e) { check(dbName, 'schedule with seconds', e.message); }
  t = performance.now();
  await boss.stop({ graceful: true, timeout: 2000, wait: true });
  check(dbName, 'stop ms', Math.round(performance.now() - t));
}

// ---- PostgreSQL
{
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const name = `pgboss_eval_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const pool = new pg.Pool({ connectionString: url });
  await pool.query('create table business(id serial primary key, note text)');
  const boss = new PgBoss({ connectionString: url, max: 4, archiveCompletedAfterSeconds: 1 });
  process.on('uncaughtException', (e) => console.log('uncaught after stop:', e.message));
  try {
    await scenario('postgresql', {
      boss,
      businessTx: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await work((text, values) => client.query(text, values));
          await client.query('commit');
        } catch (e) { await client.query('rollback'); throw e; } finally { client.release(); }
      },
      count: async (q) => Number((await pool.query('select count(*) from pgboss.job where name = $1', [q])).rows[0].count),
      businessCount: async () => Number((await pool.query('select count(*) from business')).rows[0].count),
    });
  } finally {
    await pool.end();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

// ---- PGlite: one connection, shared by pg-boss's pollers and our own queries.
{
  const lite = await PGlite.create();
  await lite.exec('create table business(id serial primary key, note text)');
  const executeSql = async (text, values) => {
    // pg-boss sends multi-statement scripts (its migrations) without parameters: the extended protocol refuses those.
    if (!values || values.length === 0) {
      const all = await lite.exec(text);
      return all.at(-1) ?? { rows: [] };
    }
    return lite.query(text, values);
  };
  const boss = new PgBoss({ db: { executeSql }, archiveCompletedAfterSeconds: 1 });
  try {
    await scenario('pglite', {
      boss,
      businessTx: (work) => lite.transaction(async (tx) => {
        await work(async (text, values) => (values?.length ? tx.query(text, values) : tx.exec(text).then((r) => r.at(-1))));
      }),
      count: async (q) => Number((await lite.query('select count(*) from pgboss.job where name = $1', [q])).rows[0].count),
      businessCount: async () => Number((await lite.query('select count(*) from business')).rows[0].count),
    });
  } catch (e) {
    check('pglite', 'failed', `${e.message}`);
  } finally {
    await lite.close();
  }
}
process.exit(0);
