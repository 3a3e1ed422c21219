// Throwaway: exhaustive search for an Enkeshui set-up where every sowing of the mover is endless.
use masai_mancala::engine::enkeshui::Enkeshui;
use masai_mancala::engine::{EndReason, Game, Status};
use serde_json::json;

fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let base: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut found = 0;
    // every board of 8 holes with counts 0..=3
    for code in 0..(base.pow(2 * n as u32)) {
        let mut c = vec![0u32; 2 * n];
        let mut x = code;
        for v in c.iter_mut() {
            *v = x % base;
            x /= base;
        }
        let total: u32 = c.iter().sum();
        let p = json!({"game":"enkeshui","holes":n,"south":&c[..n],"north":&c[n..],"captured":{"south":48-total,"north":0},"to_move":"south"});
        let Ok(game) = Enkeshui::from_position(&p) else {
            continue;
        };
        if let Status::Over(o) = game.status()
            && o.reason == EndReason::NoLegalMove
        {
            println!("{p} {:?}", o);
            found += 1;
            if found > 4 {
                break;
            }
        }
    }
    println!("found {found}");
}
