// Affine maps and integer sets: as attributes, through aliases, simplified
// as upstream builds them.
#map_id = affine_map<(d0, d1) -> (d0, d1)>
#map_sym = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1, d0 floordiv 4, d0 ceildiv 3, d0 mod 7)>
#set = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - 1 >= 0, d1 == 0)>
"my.maps"() {
  id = #map_id,
  sym = #map_sym,
  empty = affine_map<() -> ()>,
  const = affine_map<(d0) -> (3, -1)>,
  fold = affine_map<(d0, d1) -> (d0 + d0, d1 * 2 + d1 - d1, 2 + 3)>,
  neg = affine_map<(d0, d1) -> (-d0, d0 - d1, -(d0 + 1))>,
  mods = affine_map<(d0) -> ((d0 * 4) mod 2, (d0 * 8) floordiv 4, d0 * -1)>,
  symonly = affine_map<()[s0] -> (s0 * 2 + 1)>,
  perm = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
} : () -> ()
"my.sets"() {
  set = #set,
  empty = affine_set<() : (0 == 0)>,
  never = affine_set<(d0) : (1 == 0)>,
  ineq = affine_set<(d0)[s0] : (d0 * 2 + s0 >= 0, -d0 + 5 >= 0)>
} : () -> ()
"my.uses"() {a = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], b = {c = affine_map<(d0, d1) -> (d1)>}} : () -> ()
