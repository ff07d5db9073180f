//! Size and rate limits, so the server can be put on a network.
//!
//! Rates are token buckets keyed by a seat's token (requests, odds, views)
//! or by the client's address (new tables): a key may spend `burst` at
//! once and earns `per_second` back. A request past its rate gets `429`
//! and changes nothing.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// The limits of one server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest request body of a seat (a request, the odds of an action).
    pub request_bytes: usize,
    /// The largest body of a new table (a scenario with its GCS files).
    pub create_bytes: usize,
    /// Requests, views and odds a seat's token may make in a burst ...
    pub seat_burst: f64,
    /// ... and per second after it.
    pub seat_per_second: f64,
    /// New tables an address may open in a burst ...
    pub create_burst: f64,
    /// ... and per minute after it.
    pub create_per_minute: f64,
    /// The most tables the server holds.
    pub max_tables: usize,
    /// The most live connections (WebSocket) one seat's token may hold.
    pub connections_per_seat: usize,
    /// The budget of the odds of one action: sequences of rolls.
    pub odds_leaves: u64,
    /// The most odds counted at once (each takes a thread).
    pub odds_at_once: usize,
    /// The longest the server waits for the odds before it answers
    /// without them, in milliseconds.
    pub odds_millis: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            request_bytes: 64 * 1024,
            create_bytes: 4 * 1024 * 1024,
            seat_burst: 40.0,
            seat_per_second: 10.0,
            create_burst: 10.0,
            create_per_minute: 10.0,
            max_tables: 10_000,
            connections_per_seat: 16,
            odds_leaves: 200_000,
            odds_at_once: 1,
            odds_millis: 2_000,
        }
    }
}

/// Token buckets by key.
pub struct Buckets {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

/// Past this many keys, full buckets are forgotten.
const KEYS: usize = 100_000;

impl Buckets {
    /// Buckets of `burst` that refill at `per_second`.
    pub fn new(burst: f64, per_second: f64) -> Self {
        Buckets {
            burst,
            per_second,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Spends one from `key`'s bucket at `now`: whether there was one.
    pub fn take(&self, key: &str, now: Instant) -> bool {
        let mut map = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > KEYS {
            let (burst, rate) = (self.burst, self.per_second);
            map.retain(|_, (level, at)| {
                *level + now.saturating_duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (level, at) = map.entry(key.to_string()).or_insert((self.burst, now));
        let earned = now.saturating_duration_since(*at).as_secs_f64() * self.per_second;
        *level = (*level + earned).min(self.burst);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_spends_its_burst_then_earns_at_its_rate() {
        let b = Buckets::new(3.0, 2.0);
        let t0 = Instant::now();
        assert!((0..3).all(|_| b.take("k", t0)));
        assert!(!b.take("k", t0), "the burst is spent");
        assert!(b.take("other", t0), "each key has its own");
        assert!(
            b.take("k", t0 + Duration::from_millis(500)),
            "one earned in half a second"
        );
        assert!(!b.take("k", t0 + Duration::from_millis(500)));
        assert!(
            (0..3).all(|_| b.take("k", t0 + Duration::from_secs(60))),
            "full again, not more"
        );
        assert!(!b.take("k", t0 + Duration::from_secs(60)));
    }
}
