// distinct[N]<...> attributes keep their identity, renumbered in print order.
"my.distinct"() {a = distinct[7]<42 : i32>, b = distinct[3]<"x">, c = distinct[7]<42 : i32>, d = distinct[0]<unit>} : () -> ()
"my.distinct_nested"() {e = [distinct[1]<[1, 2]>, distinct[2]<{k = 1 : i64}>]} : () -> ()
#dist = distinct[5]<i32>
"my.distinct_alias"() {f = #dist, g = #dist} : () -> ()
