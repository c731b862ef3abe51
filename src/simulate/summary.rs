//! The study's figures as estimates with 95 % intervals: the computed
//! view that the text report, the JSON and the charts print. Nothing here
//! is stored back; a merged study gives its summary afresh.

use super::estimate::{Estimate, mean, proportion};
use super::stats::{Measure, Study};
use super::tally::Moments;
use serde::{Deserialize, Serialize};

/// A mean with its interval and the sample sd (the spread of single
/// games, where the interval is the uncertainty of the mean).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub mean: Estimate,
    pub sd: Option<f64>,
}

impl Spread {
    pub fn of(m: &Moments) -> Spread {
        Spread { mean: mean(m), sd: m.sd() }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ending {
    /// The rulebook's reason; `None`: the action budget ran out.
    pub reason: Option<String>,
    /// Share of the games that did not error.
    pub rate: Estimate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// 1-based, as players count seats.
    pub seat: usize,
    pub bot: String,
    /// Share of finished games won, a tie of k counting 1/k.
    pub win_rate: Estimate,
    pub value: Estimate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotSummary {
    pub bot: String,
    /// Seat-games held in finished games.
    pub seats: u64,
    /// Wins per seat held.
    pub win_rate: Estimate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorpSummary {
    pub id: String,
    pub float_rate: Estimate,
    pub closure_rate: Estimate,
    /// Mean over games (in which it ran) of the game's revenue per run:
    /// what it earns in an operating round in which it operates.
    pub revenue_per_run: Estimate,
    /// All its revenue over all its runs; no interval (runs within one
    /// game are not independent).
    pub pooled_revenue_per_run: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseSummary {
    pub name: String,
    /// Share of finished games that reached it.
    pub reached: Estimate,
    /// The round in which it began, over the games that reached it.
    pub start_round: Estimate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BankPoint {
    /// 1-based: the bank at the start of this round.
    pub round: usize,
    /// Mean cash over the games still running (`n` of them).
    pub cash: Estimate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub games: u64,
    pub finished: u64,
    pub unfinished: u64,
    pub errors: u64,
    pub error_rate: Estimate,
    pub rounds: Spread,
    pub operating_rounds: Spread,
    pub actions: Spread,
    pub endings: Vec<Ending>,
    pub seats: Vec<SeatSummary>,
    pub bots: Vec<BotSummary>,
    pub values: Spread,
    pub winner_value: Spread,
    pub corps: Vec<CorpSummary>,
    /// In the order phases begin (mean start round).
    pub phases: Vec<PhaseSummary>,
    pub bank: Vec<BankPoint>,
}

/// Multiplies an estimate's figures, for stored hundredths.
pub fn scaled(e: Estimate, factor: f64) -> Estimate {
    Estimate { mean: e.mean.map(|x| x * factor), low: e.low.map(|x| x * factor), high: e.high.map(|x| x * factor), n: e.n }
}

impl Summary {
    pub fn of(s: &Study) -> Summary {
        let played = s.finished + s.unfinished;
        let mut endings: Vec<Ending> =
            s.endings.iter().map(|(reason, n)| Ending { reason: Some(reason.clone()), rate: proportion(*n as f64, played) }).collect();
        endings.sort_by(|a, b| b.rate.mean.partial_cmp(&a.rate.mean).unwrap_or(std::cmp::Ordering::Equal));
        if s.unfinished > 0 {
            endings.push(Ending { reason: None, rate: proportion(s.unfinished as f64, played) });
        }
        let seats = (0..s.seats.len().max(s.meta.players as usize))
            .map(|i| {
                let tally = s.seats.get(i).cloned().unwrap_or_default();
                SeatSummary {
                    seat: i + 1,
                    bot: s.meta.bots.get(i).cloned().unwrap_or_default(),
                    win_rate: proportion(tally.wins.total(), s.finished),
                    value: mean(&tally.value),
                }
            })
            .collect();
        let bots = s
            .bots
            .iter()
            .map(|(bot, t)| BotSummary { bot: bot.clone(), seats: t.seats, win_rate: proportion(t.wins.total(), t.seats) })
            .collect();
        let corps = s
            .corps
            .iter()
            .map(|c| CorpSummary {
                id: c.id.clone(),
                float_rate: proportion(c.floated as f64, c.games),
                closure_rate: proportion(c.closed as f64, c.games),
                revenue_per_run: scaled(mean(&c.revenue_per_run_centi), 0.01),
                pooled_revenue_per_run: (c.runs > 0).then(|| c.revenue as f64 / c.runs as f64),
            })
            .collect();
        let mut phases: Vec<PhaseSummary> = s
            .phases
            .iter()
            .map(|(name, p)| PhaseSummary {
                name: name.clone(),
                reached: proportion(p.reached as f64, s.finished),
                start_round: mean(&p.start_round.moments),
            })
            .collect();
        phases.sort_by(|a, b| {
            let key = |p: &PhaseSummary| p.start_round.mean.unwrap_or(f64::MAX);
            key(a).total_cmp(&key(b)).then_with(|| a.name.cmp(&b.name))
        });
        Summary {
            games: s.games,
            finished: s.finished,
            unfinished: s.unfinished,
            errors: s.errors,
            error_rate: proportion(s.errors as f64, s.games),
            rounds: spread(&s.rounds),
            operating_rounds: spread(&s.operating_rounds),
            actions: spread(&s.actions),
            endings,
            seats,
            bots,
            values: spread(&s.values),
            winner_value: spread(&s.winner_value),
            corps,
            phases,
            bank: s.bank.iter().enumerate().map(|(r, m)| BankPoint { round: r + 1, cash: mean(m) }).collect(),
        }
    }
}

fn spread(m: &Measure) -> Spread {
    Spread::of(&m.moments)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::stats::StudyMeta;
    use crate::simulate::testkit::{Lean, meta, study};

    #[test]
    fn empty_study_has_no_figures_and_no_nan() {
        let s = Summary::of(&Study::new(StudyMeta::default()));
        assert_eq!((s.games, s.rounds.mean.mean, s.seats.len()), (0, None, 0));
        let text = serde_json::to_string(&s).unwrap();
        assert!(!text.contains("NaN"), "{text}");
        let s = Summary::of(&Study::new(meta(10)));
        assert_eq!(s.seats.len(), 3, "a seat that never played still shows");
        assert_eq!(s.seats[2].win_rate, Estimate::default());
    }

    #[test]
    fn figures_of_synthetic_games() {
        let s = Summary::of(&study(0..300, 300, Lean::default()));
        let win_sum: f64 = s.seats.iter().map(|x| x.win_rate.mean.unwrap()).sum();
        assert!((win_sum - 1.0).abs() < 1e-9, "every finished game has winners");
        let ending_sum: f64 = s.endings.iter().map(|e| e.rate.mean.unwrap()).sum();
        assert!((ending_sum - 1.0).abs() < 1e-9);
        assert_eq!(s.endings.last().unwrap().reason, None, "the budget's end comes last");
        assert_eq!(s.phases.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["2", "3", "4", "D"]);
        assert_eq!(s.phases[0].reached.mean, Some(1.0));
        let prr = &s.corps[0];
        assert!(prr.float_rate.mean.unwrap() > 0.8);
        let rev = prr.revenue_per_run.mean.unwrap();
        assert!((100.0..300.0).contains(&rev), "{rev}");
        assert_eq!(s.bank[0].cash.mean, Some(12_000.0));
        assert_eq!(s.bank[0].cash.low, Some(12_000.0), "no spread, a point interval");
    }
}
