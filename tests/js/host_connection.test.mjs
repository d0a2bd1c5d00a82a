// HostConnection (extension/native.js) against a stand-in for chrome.runtime's
// native port: what is posted, how replies find their request, what a closed port
// does. The real host behind a real port is tested in tests/test_extension*.py.
import { afterEach, describe, test } from "node:test";
import assert from "node:assert/strict";

import { deflateSync } from "node:zlib";

import { HostConnection, HostError, inflateText, usableConnection } from "../../extension/native.js";

afterEach(() => { delete globalThis.chrome; });

// A port that records what is posted and lets the test answer or disconnect.
function fakePort() {
  const listeners = { message: [], disconnect: [] };
  const port = {
    posted: [],
    opened: 0,
    postMessage(message) { port.posted.push(structuredClone(message)); },
    disconnect() { port.disconnected = true; },
    onMessage: { addListener: (f) => listeners.message.push(f) },
    onDisconnect: { addListener: (f) => listeners.disconnect.push(f) },
    reply(message) { for (const f of listeners.message) f(message); },
    drop(reason) {
      globalThis.chrome.runtime.lastError = { message: reason };
      for (const f of listeners.disconnect) f(port);
    },
  };
  globalThis.chrome = { runtime: { connectNative: () => { port.opened += 1; return port; } } };
  return port;
}

describe("HostConnection", () => {
  test("a body of JSON text joins the request's members without being parsed apart", async () => {
    const port = fakePort();
    const host = new HostConnection();
    const body = JSON.stringify({ version: 2, html: "<p>bees 🐝</p>", geometry: { ids: [0], boxes: [1, 2, 3, 4] } });
    const replied = host.request({ type: "convert", options: { scope: "main" } }, { body });
    const [sent] = port.posted;
    assert.deepEqual(sent, { type: "convert", options: { scope: "main" }, id: sent.id, reply_encoding: "deflate",
                             ...JSON.parse(body) });
    port.reply({ ok: true, id: sent.id, markdown: "bees" });
    assert.equal((await replied).markdown, "bees");
  });

  test("a large body goes up in chunks whose text is the whole request", async () => {
    const port = fakePort();
    const host = new HostConnection();
    const html = "<p>" + "honey ".repeat(800_000) + "🐝</p>";   // 4.8 M characters: three chunks
    const replied = host.request({ type: "convert" }, { body: JSON.stringify({ html }) });
    const kinds = port.posted.map((m) => m.type);
    assert.equal(kinds[0], "begin");
    assert.equal(kinds.at(-1), "end");
    const chunks = port.posted.filter((m) => m.type === "chunk");
    assert.equal(chunks.length, port.posted[0].chunks);
    assert.ok(chunks.length >= 3);
    const joined = JSON.parse(chunks.map((m) => m.data).join(""));
    assert.deepEqual(joined, { type: "convert", id: port.posted[0].id, reply_encoding: "deflate", html });
    port.reply({ ok: true, id: port.posted[0].id, markdown: "m" });
    await replied;
  });

  test("replies find their request by id, and a chunked reply is put together", async () => {
    const port = fakePort();
    const host = new HostConnection();
    const ping = host.request({ type: "ping" });
    const convert = host.request({ type: "convert", html: "<p>x</p>" });
    const [pingId, convertId] = port.posted.map((m) => m.id);
    const text = JSON.stringify({ ok: true, id: convertId, markdown: "x".repeat(10) });
    port.reply({ type: "begin", id: convertId, chunks: 2 });
    port.reply({ type: "chunk", id: convertId, seq: 0, data: text.slice(0, 7) });
    port.reply({ ok: true, type: "pong", id: pingId });
    port.reply({ type: "chunk", id: convertId, seq: 1, data: text.slice(7) });
    port.reply({ type: "end", id: convertId });
    assert.equal((await ping).type, "pong");
    assert.equal((await convert).markdown, "x".repeat(10));
    assert.equal(port.opened, 1);
  });

  test("a compressed reply (begin says deflate) is inflated, and a damaged one refused", async () => {
    const port = fakePort();
    const host = new HostConnection();
    const convert = host.request({ type: "convert", html: "<p>x</p>" });
    const broken = host.request({ type: "convert", html: "<p>y</p>" });
    const [convertId, brokenId] = port.posted.map((m) => m.id);
    const markdown = "# Bees 🐝\n\n" + "The hive hums. ".repeat(50_000);
    const packed = deflateSync(Buffer.from(JSON.stringify({ ok: true, id: convertId, markdown }))).toString("base64");
    port.reply({ type: "begin", id: convertId, chunks: 2, encoding: "deflate" });
    port.reply({ type: "chunk", id: convertId, seq: 0, data: packed.slice(0, 101) });
    port.reply({ type: "chunk", id: convertId, seq: 1, data: packed.slice(101) });
    port.reply({ type: "end", id: convertId });
    assert.equal((await convert).markdown, markdown);
    port.reply({ type: "begin", id: brokenId, chunks: 1, encoding: "deflate" });
    port.reply({ type: "chunk", id: brokenId, seq: 0, data: packed.slice(0, 200) });
    port.reply({ type: "end", id: brokenId });
    await assert.rejects(broken, /damaged in transit/);
    assert.equal(await inflateText(deflateSync(Buffer.from("é")).toString("base64")), "é");
  });

  test("a port that closes fails what waits, and usableConnection opens a fresh one", async () => {
    const port = fakePort();
    const host = new HostConnection();
    let closed = 0;
    host.onClose = () => { closed += 1; };
    const waiting = host.request({ type: "convert", html: "" });
    port.drop("Native host has exited.");
    await assert.rejects(waiting, (error) => error instanceof HostError && error.kind === "host-crashed");
    assert.equal(closed, 1);
    await assert.rejects(host.request({ type: "ping" }), (error) => error.kind === "host-crashed");
    assert.equal(usableConnection(host) === host, false);
    assert.equal(port.opened, 2);
    const open = new HostConnection();
    assert.equal(usableConnection(open), open);
  });

  test("a host that is not installed is reported as such", async () => {
    const port = fakePort();
    const host = new HostConnection();
    port.drop("Specified native messaging host not found.");
    await assert.rejects(host.request({ type: "ping" }), (error) => error.kind === "host-missing");
  });
});
