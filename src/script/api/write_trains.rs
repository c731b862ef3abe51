//! `game` methods that write trains: removing, exporting, giving and discarding them.
//! Each is registered through `Methods`, so a write is refused while a
//! question is asked (`LuaGame::asking`) and when the action's effects
//! are at their bound.

use super::*;

pub(super) fn add<M: UserDataMethods<GameRef>>(m: &mut Methods<'_, M>) {
    m.add_method_mut_any("remove_trains", |_, this, (class, n): (String, Value)| {
        let n = args::count("remove_trains", "n", &n)? as usize;
        let left = this.st.trains.iter().filter(|tr| tr.owner == TrainOwner::Depot && this.title.trains[tr.class as usize].name == class).count();
        if left < n {
            return Err(rt(format!("fewer than {n} {class} trains left in the depot")));
        }
        let mut left = n;
        for tr in this.st.trains.iter_mut().rev() {
            if left > 0 && tr.owner == TrainOwner::Depot && this.title.trains[tr.class as usize].name == class {
                tr.owner = TrainOwner::Removed;
                left -= 1;
            }
        }
        Ok(())
    });
    m.add_method_mut("export_train", |_, this, ()| this.ops().export_train().map_err(game_err));
    // Corporations over their train limit hand trains in, their presidents choosing.
    m.add_method_mut("require_discards", |_, this, ()| {
        this.ops().require_discards();
        Ok(())
    });

    m.add_method_mut("give_train", |_, this, (what, owner): (String, String)| {
        let to = if owner.eq_ignore_ascii_case("pool") {
            TrainOwner::Pool
        } else {
            match purse(&this.st, &owner)? {
                Purse::Player(p) => TrainOwner::Player(p),
                Purse::Corp(c) => TrainOwner::Corp(c),
                Purse::Bank => TrainOwner::Depot,
            }
        };
        // A class of unlimited trains makes a new one each time.
        if this.st.train_index(&what).is_none() && this.st.trains.len() >= MAX_TRAINS {
            return Err(rt(format!("give_train: the game has {} trains, the most it may (limits::MAX_TRAINS)", this.st.trains.len())));
        }
        let id = this.ops().give_train(&what, to).map_err(game_err)?;
        // A company over its limit hands trains in (1844's SBB, A-29).
        if matches!(to, TrainOwner::Corp(_)) {
            this.ops().require_discards();
        }
        Ok(id)
    });
    m.add_method_mut_any("sell_train", |_, this, (what, corp, price): (String, String, Value)| {
        let price = args::amount("sell_train", "price", &price)?;
        let Purse::Corp(c) = purse(&this.st, &corp)? else {
            return Err(rt(format!("sell_train: '{corp}' is not a corporation")));
        };
        if this.st.train_index(&what).is_none() && this.st.trains.len() >= MAX_TRAINS {
            return Err(rt(format!("sell_train: the game has {} trains, the most it may (limits::MAX_TRAINS)", this.st.trains.len())));
        }
        this.ops().sell_train(&what, c, price).map_err(game_err)
    });
    m.add_method_mut("remove_train", |_, this, id: String| {
        let t = this.st.train_index(&id).ok_or_else(|| rt(format!("no train '{id}'")))?;
        this.st.trains[t as usize].owner = TrainOwner::Removed;
        Ok(())
    });
}
