//! The live view's HTTP side: the page, the long poll for snapshots, and
//! the pages' reports. Every request is answered on a thread of its own
//! (a long poll waits), at most `MAX_REQUESTS` at a time.

use super::Shared;
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tiny_http::{Header, Method, Request, Response, Server, StatusCode};

const PAGE: &str = include_str!("page.html");
/// How long a long poll waits for a newer snapshot before answering
/// "nothing new" (the page asks again at once).
const POLL_WAIT: Duration = Duration::from_secs(20);
/// Requests answered at once; more are refused (503) rather than queued.
const MAX_REQUESTS: usize = 64;
/// The largest report a page may send.
const MAX_REPORT_BYTES: u64 = 4096;

pub(super) fn serve(server: &Server, shared: &Arc<Shared>) {
    let busy = Arc::new(AtomicUsize::new(0));
    for request in server.incoming_requests() {
        if busy.fetch_add(1, Ordering::SeqCst) >= MAX_REQUESTS {
            busy.fetch_sub(1, Ordering::SeqCst);
            let _ = request.respond(Response::from_string("busy").with_status_code(503));
            continue;
        }
        let (shared, done) = (shared.clone(), busy.clone());
        let spawned = std::thread::Builder::new().name("live-request".into()).spawn(move || {
            answer(request, &shared);
            done.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            // The thread could not start; the request is dropped with it
            // and the browser asks again.
            busy.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a fixed ASCII header")
}

fn answer(mut request: Request, shared: &Shared) {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let no_store = header("Cache-Control", "no-store");
    let response = match (request.method(), path) {
        (Method::Get, "/") => Response::from_string(PAGE).with_header(header("Content-Type", "text/html; charset=utf-8")),
        (Method::Get, "/state") => {
            let after = query.split('&').find_map(|kv| kv.strip_prefix("after=")).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
            match shared.newer_than(after, POLL_WAIT) {
                Some((_, json)) => Response::from_string(json.as_str()).with_header(header("Content-Type", "application/json")),
                None => Response::from_string("").with_status_code(204),
            }
        }
        (Method::Post, "/seen") => {
            let mut body = String::new();
            let read = request.as_reader().take(MAX_REPORT_BYTES).read_to_string(&mut body);
            match read.ok().and_then(|_| serde_json::from_str::<serde_json::Value>(&body).ok()) {
                Some(v) => {
                    let page = v["page"].as_str().unwrap_or("").chars().take(64).collect::<String>();
                    let version = v["version"].as_u64().unwrap_or(0);
                    let line = v["last_log_line"].as_str().unwrap_or("").chars().take(300).collect::<String>();
                    shared.record_seen(page, version, line);
                    Response::from_string("").with_status_code(204)
                }
                None => Response::from_string("a report is a JSON object { page, version, last_log_line }").with_status_code(400),
            }
        }
        (Method::Get, _) | (Method::Post, _) => Response::from_string("not found").with_status_code(StatusCode(404)),
        _ => Response::from_string("the live view is read-only").with_status_code(405),
    };
    let _ = request.respond(response.with_header(no_store));
}
