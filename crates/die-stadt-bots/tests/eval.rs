//! Position values: open features led, residential areas, watchmen's rows.

use die_stadt_bots::eval::{open_values, projected};
use stadt_testkit::die_stadt::scenario::Scenario;

#[test]
fn open_values_count_led_features_residential_areas_and_rows() {
    let mut s = Scenario::new(2);
    s.put("quarter-pub", 0, 0, 0, Some("N0")); // p1's bailiff
    s.put("market-side-pub/F", 1, 0, 270, None); // a market beside it
    s.put("dead-end-pub", 0, -1, 90, Some("W1")); // p1 again: an open road of 1 tile
    let v = open_values(&s.table);
    assert_eq!(v[..2], [3.0, 0.0], "one market borders p1's area (2), and p1's road is worth 1");
    assert_eq!(projected(&s.table, 0.5)[..2], [1.5, 0.0]);
}
