//! The games stadt plays, in the order `stadt games` lists them (the first is played when none is
//! named): the only place that lists them. A game is one line here, naming its plug-in
//! (`stadt_harness::plugin::Plugin`).

stadt_harness::registry! {
    die_stadt::kind::DieStadt,
    stadt_catan::kind::Catan,
    stadt_testgame::kind::Kartenspitze,
    stadt_unbezwingbare::kind::Unbezwingbare,
}
