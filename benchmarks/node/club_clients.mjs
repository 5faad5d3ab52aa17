// Reference Yjs clients (yjs + y-websocket) for benchmarks/club_bench.py: honest tables, or
// one client flooding a table. Not battleboard's code: what any Yjs program sends.
//
//   node club_clients.mjs honest SECONDS PERIOD_MS 'JSON [[moverUrl, watcherUrl], ...]'
//     each table: the mover sets one model's place every PERIOD_MS (one transaction each),
//     the watcher times each from the set to its arrival (same process, same clock); prints
//     {"latencies": [[ms, ...] per table], "updates": N received by the watchers, "seconds": S,
//      "floodLags": [ms from a flood move's set to its arrival at table 0's watcher, ...]}
//   node club_clients.mjs flood SECONDS RATE 'JSON url'
//     one client sets RATE places a second (one transaction, one message each); prints
//     {"sent": N, "seconds": S}
import * as Y from 'yjs'
import { WebsocketProvider } from 'y-websocket'
import WebSocket from 'ws'

const [mode, seconds, rate, spec] = process.argv.slice(2)

// Without permessage-deflate, as battleboard's own client connects (httpx-ws offers no
// extensions), and as the Node server serves whatever the client offers.
class PlainWebSocket extends WebSocket {
  constructor (url, protocols) { super(url, protocols, { perMessageDeflate: false }) }
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function connect (link) {
  const url = new URL(link)
  const doc = new Y.Doc()
  const provider = new WebsocketProvider(`${url.protocol}//${url.host}`,
    decodeURIComponent(url.pathname.slice(1)), doc,
    { WebSocketPolyfill: PlainWebSocket, params: Object.fromEntries(url.searchParams), disableBc: true })
  const synced = new Promise((resolve) => provider.on('sync', (ok) => { if (ok) resolve() }))
  return { doc, provider, synced }
}

async function honest () {
  const tables = JSON.parse(spec).map(([moverUrl, watcherUrl]) =>
    ({ mover: connect(moverUrl), watcher: connect(watcherUrl), sent: new Map(), got: [] }))
  await Promise.all(tables.flatMap((t) => [t.mover.synced, t.watcher.synced]))
  let updates = 0
  const floodLags = []  // the flood's own moves at its table (wall clock: another process)
  for (const table of tables) {
    table.watcher.doc.on('update', () => { updates += 1 })
    table.watcher.doc.getMap('pos').observe((event) => {
      const now = performance.now()
      for (const key of event.keysChanged) {
        if (key.startsWith('flood-')) {
          floodLags.push(Date.now() - JSON.parse(table.watcher.doc.getMap('pos').get(key))[3])
          continue
        }
        if (!key.startsWith('honest-')) continue
        const seq = JSON.parse(table.watcher.doc.getMap('pos').get(key))[0]
        const at = table.sent.get(seq)
        if (at !== undefined) { table.got.push(now - at); table.sent.delete(seq) }
      }
    })
  }
  const period = Number(rate)
  const until = performance.now() + Number(seconds) * 1000
  const start = performance.now()
  const timers = tables.map((table, n) => setTimeout(() => {
    let seq = 0
    const move = () => {
      if (performance.now() > until) return
      seq += 1
      table.sent.set(seq, performance.now())
      table.mover.doc.getMap('pos').set(`honest-${seq % 10}`, JSON.stringify([seq, 1.5, 0]))
      setTimeout(move, period)
    }
    move()
  }, (n * period) / tables.length))  // the tables' moves spread over the period
  await pause(Number(seconds) * 1000 + 1500)  // the last moves arrive (or are late)
  timers.forEach(clearTimeout)
  const elapsed = (performance.now() - start) / 1000
  console.log(JSON.stringify({
    latencies: tables.map((t) => t.got),
    lost: tables.map((t) => t.sent.size),
    floodLags,
    updates,
    seconds: elapsed
  }))
  for (const t of tables) { t.mover.provider.destroy(); t.watcher.provider.destroy() }
  process.exit(0)
}

async function flood () {
  const client = connect(JSON.parse(spec))
  await client.synced
  const start = performance.now()
  const until = start + Number(seconds) * 1000
  const pos = client.doc.getMap('pos')
  let sent = 0
  while (performance.now() < until) {
    const due = Math.floor((Number(rate) * (performance.now() - start)) / 1000)  // on pace
    while (sent < due) {
      sent += 1
      pos.set(`flood-${sent % 50}`, JSON.stringify([sent % 48, 2.5, 0, Date.now()]))
    }
    await pause(5)
  }
  console.log(JSON.stringify({ sent, seconds: (performance.now() - start) / 1000 }))
  client.provider.destroy()
  process.exit(0)
}

if (mode === 'honest') honest(); else flood()
