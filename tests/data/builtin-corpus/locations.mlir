// Locations as attribute values, location aliases, ranges.
#loc_a = loc("a.cc":10:8)
#loc_r = loc("b.cc":10:8 to :12)
"my.locs"() {l = #loc_a, r = #loc_r, direct = loc("c.cc":1:2 to 3:4), n = loc("name"), u = loc(unknown)} : () -> ()
"my.range_line"() : () -> () loc("d.cc":5:1 to 7:2)
"my.range_col"() : () -> () loc("d.cc":5:1 to :9)
"my.fused"() {f = loc(fused["x.cc":1:1, "y.cc":2:2])} : () -> ()
"my.callsite"() {c = loc(callsite("f" at "g.cc":3:4))} : () -> ()
"my.in_array"() {arr = [loc("h.cc":1:1), loc("h.cc":1:1)]} : () -> ()
