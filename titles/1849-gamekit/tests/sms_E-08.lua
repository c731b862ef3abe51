-- P4, Società Marittima Siciliana (game kit 2.4.1 and 4.2; difference
-- E-08 of shared/rules/1849.md §6): "The owning Corporation can place a
-- tile and a token on a coastal city, even if that city is not connected
-- to one of its railheads, subject to all other limitations described on
-- rule 4.2. This action closes the Company, and is made instead of the
-- regular Track Laying and Token Laying Steps." And in 4.2: "The
-- requirement for a legal route between the new token and a Railhead is
-- waived if the Corporation owns the S.M.S. Private Company and the city
-- is on the coast". V6 (1849-R-037, R-135): the tile and the token are
-- each optional, and the waiver holds only when the power is used.
--
-- Read here: using P4 the corporation lays a tile AND places a token in
-- that city (it may not pass either step while it can do it, so P4 is not
-- offered for a grey city, where no tile is ever laid); and while it owns
-- P4, unused, its normal token step needs no route to a coastal city.
-- Where the kit is silent V6 is followed: Caltanissetta and Ragusa are not
-- coastal, P4 is used before a tile is laid, the token needs a free slot.
--
-- Four players: A buys P1 and P5 (and starts SFA through the RSA), B buys
-- P2, C P3 and D P4. B starts RCS (Palermo); RCS owns P4; phase 6, RCS's
-- tile step. Nothing of RCS's reaches Messina (B14) or Trapani (C1).

local P = test_lib("play")

local function sms_turn(title)
  local g = P.sfa_started(title)
  g:give_cash("B", 1000)
  g:start("RCS", "B", 100)
  g:set_phase("6")
  g:give_cash("RCS", 500 - g:corporation("RCS").cash)
  g:give_company("P4", "RCS")
  return P.advance_to(g, "RCS", "lay_tile")
end

test("1849GK-E-08: owning P4, RCS places a token in a coastal city it has no route to, and keeps P4", function()
  local g = sms_turn()
  g:act("pass")                                        -- no tile
  expect_eq(g:step(), "place_token")
  expect_contains(g:moves(), "token C1")
  g:act("token C1")                                    -- Trapani, out of reach
  expect_eq(g:hex("C1").tokens, { "RCS" })
  expect_eq(g:company("P4").owner, "RCS")              -- still open
end)

test("1849GK-E-08: the waiver is for coastal cities only", function()
  local g = sms_turn()
  g:act("pass")
  expect_not_contains(g:moves(), "token H8")           -- Caltanissetta is inland
  g:refuse("token H8")
end)

test("1849GK-E-08: V6 (1849-R-135) waives the route only when P4 is used", function()
  local g = sms_turn("1849")
  g:act("pass")
  expect_not_contains(g:moves(), "token C1")
  g:refuse("token C1")
end)

test("1849GK-E-08: using P4 is a tile and a token: neither step may be passed while it can be done", function()
  local g = sms_turn()
  g:act("do coastal_build hex=B14")
  expect_eq(g:company("P4").owner_kind, "closed")
  g:refuse("pass", "1849GK-E-08", "lay it")
  g:refuse("lay D6 9 2", "1849GK-E-08")                -- only in Messina
  g:act("lay B14 655 0")
  expect_eq(g:step(), "place_token")
  g:refuse("pass", "1849GK-E-08", "place it")
  g:act("token B14")
  expect_eq(g:hex("B14").tokens, { "RCS" })
  expect_eq(g:hex("B14").tile, "655")
end)

test("1849GK-E-08: V6 (1849-R-037) lets the corporation pass the tile after using P4", function()
  local g = sms_turn("1849")
  g:act("do coastal_build hex=B14")
  g:act("pass")
  expect_eq(g:step(), "place_token")
  g:act("pass")
end)

test("1849GK-E-08: P4 is not used on a grey city, where no tile can be laid, nor inland", function()
  local g = sms_turn()
  expect_not_contains(g:moves(), "do coastal_build hex=C1")
  g:refuse("do coastal_build hex=C1", "1849GK-E-08", "no tile")
  g:refuse("do coastal_build hex=H8", "1849GK-E-08")
  expect_contains(g:moves(), "do coastal_build hex=B14")
  expect_eq(g:company("P4").owner, "RCS")
end)
