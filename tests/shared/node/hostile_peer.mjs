// A hostile peer written with the Yjs reference implementation (yjs + y-websocket), not with
// any of battleboard's code: it joins a room with a seat link, writes bad values and removals
// into the shared game in separate transactions, waits for the room's answers, then prints
// what its own document holds for those keys (as JSON) and exits.
//
//   node hostile_peer.mjs 'ws://127.0.0.1:PORT/ROOM?seat=blue&token=…'
import * as Y from 'yjs'
import { WebsocketProvider } from 'y-websocket'
import WebSocket from 'ws'

const link = new URL(process.argv[2])
const room = decodeURIComponent(link.pathname.slice(1))
const server = `${link.protocol}//${link.host}`
const doc = new Y.Doc()
const provider = new WebsocketProvider(server, room, doc, {
  WebSocketPolyfill: WebSocket, params: Object.fromEntries(link.searchParams), disableBc: true
})
provider.awareness.setLocalState({ name: 'Nod', side: 'blue', doc: doc.clientID })
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const timeout = setTimeout(() => { console.error('no sync in 10 s'); process.exit(2) }, 10000)

provider.on('sync', async (synced) => {
  if (!synced) return
  clearTimeout(timeout)
  // Presence the reference API lets through: not objects, absurd places (JSON: 1e308).
  for (const state of ['hello', 42, [1, 2], { name: 'Nod', x: 1e308, y: -1e308 },
    { name: 'N'.repeat(200000) }, { name: 'Nod', side: 'blue', drag: { a0: [30, 30] } }]) {
    provider.awareness.setLocalState(state)
    await pause(20)
  }
  provider.awareness.setLocalState({ name: 'Nod', side: 'blue', doc: doc.clientID })
  const units = doc.getMap('units')
  const pos = doc.getMap('pos')
  const head = doc.getMap('head')
  const log = doc.getArray('log')
  doc.transact(() => { pos.set('b0', '[NaN, 1, 0]') })
  await pause(50)
  doc.transact(() => {
    const unit = JSON.parse(units.get('squad-b'))
    delete unit.models
    units.set('squad-b', JSON.stringify(unit))
  })
  await pause(50)
  doc.transact(() => { pos.set('b1', 1e308) })  // a number, not a JSON text
  await pause(50)
  doc.transact(() => { head.delete('scenario') })
  await pause(50)
  doc.transact(() => { log.push(['{"text": 7}']) })
  await pause(50)
  doc.transact(() => { units.delete('squad-a') })
  await pause(1500)  // the host's repairs come back through the room
  console.log(JSON.stringify({
    b0: pos.get('b0'), b1: pos.get('b1'), head: head.has('scenario'),
    squadA: units.has('squad-a'), squadBModels: 'models' in JSON.parse(units.get('squad-b')),
    log: log.toArray()
  }))
  provider.destroy()
  process.exit(0)
})
