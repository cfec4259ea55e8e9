"""Tiny independent matchers, written from the rules rather than from the peers' code, in exact
rational arithmetic (Fraction: nothing is rounded until a year's total is).

- us_parts(trades, method): FIFO, LIFO or HIFO lots (HIFO: highest cost per unit with the fee,
  the earlier lot on a tie); a lot's cost is its total plus its fee, a sale realizes its total
  less its fee; long term when held more than one year (shared.is_long_term).
- uk_parts(trades): HMRC share matching per asset (TCGA 1992 s.105, s.106A, s.104; HS284,
  CRYPTO22200+): all acquisitions of a day are one acquisition and all disposals one disposal;
  a disposal is matched first with the same day's acquisition, then with acquisitions in the
  30 days after it (earlier disposals and earlier acquisitions first), then with the section
  104 pool at its average cost. Allowable costs are the matched cost with its acquisition fee,
  plus the disposal's own fee, each in proportion to the quantity matched.
"""

import datetime as dt
from collections import defaultdict
from fractions import Fraction

import shared


def us_totals(trades: list, method: str) -> shared.Totals:
    totals = shared.Totals()
    for sale, lot_day, proceeds, cost in us_parts(trades, method):
        term = "long_term" if shared.is_long_term(lot_day, sale.day) else "short_term"
        totals.add(shared.us_year(sale.day), (sale.id, term), proceeds, cost, term)
    return totals


def us_parts(trades: list, method: str):
    """(sale, acquisition day, proceeds, cost) for every piece of a lot that a sale takes."""
    lots = defaultdict(list)  # asset -> [time, quantity, cost, remaining]
    for trade in trades:
        if trade.side == "buy":
            quantity = Fraction(trade.quantity)
            lots[trade.asset].append([trade.time, quantity, Fraction(trade.total + trade.fee), quantity])
            continue
        left = Fraction(trade.quantity)
        net = Fraction(trade.total - trade.fee)
        while left:
            lot = choose(lots[trade.asset], method)
            taken = min(left, lot[3])
            lot[3] -= taken
            left -= taken
            yield trade, lot[0].date(), net * taken / Fraction(trade.quantity), lot[2] * taken / lot[1]


def choose(lots: list, method: str) -> list:
    open_lots = [lot for lot in lots if lot[3]]
    if method == "fifo":
        return open_lots[0]
    if method == "lifo":
        return open_lots[-1]
    return max(open_lots, key=lambda lot: (lot[2] / lot[1], -lot[0].timestamp()))


class Day:
    """All acquisitions (or all disposals) of one asset on one day, and how much is unmatched."""

    def __init__(self):
        self.quantity = self.amount = self.fee = Fraction(0)
        self.left = Fraction(0)

    def add(self, trade: shared.Trade) -> None:
        self.quantity += Fraction(trade.quantity)
        self.amount += Fraction(trade.total)
        self.fee += Fraction(trade.fee)
        self.left += Fraction(trade.quantity)

    def share(self, quantity: Fraction) -> tuple:
        """The amount and fee of QUANTITY of the day's total."""
        return self.amount * quantity / self.quantity, self.fee * quantity / self.quantity


def uk_parts(trades: list):
    """(disposal day, proceeds, cost without fees, acquisition fees, disposal fees) of every
    matched part, per asset in date order: same day, then 30 days, then the pool."""
    for asset in shared.ASSETS:
        buys, sells = defaultdict(Day), defaultdict(Day)
        for trade in trades:
            if trade.asset == asset:
                (buys if trade.side == "buy" else sells)[trade.day].add(trade)
        yield from _same_day(buys, sells)
        yield from _thirty_days(buys, sells)
        yield from _pool(buys, sells)


def _part(day, sell: Day, buy_amount, buy_fee, quantity) -> tuple:
    proceeds, sell_fee = sell.share(quantity)
    sell.left -= quantity
    return day, proceeds, buy_amount, buy_fee, sell_fee


def _take(day, sell: Day, buy: Day) -> tuple:
    quantity = min(sell.left, buy.left)
    buy.left -= quantity
    return _part(day, sell, *buy.share(quantity), quantity)


def _same_day(buys: dict, sells: dict):
    for day in sorted(sells):
        if day in buys and buys[day].left:
            yield _take(day, sells[day], buys[day])


def _thirty_days(buys: dict, sells: dict):
    for day in sorted(sells):
        for later in sorted(d for d in buys if day < d <= day + dt.timedelta(days=30)):
            if sells[day].left and buys[later].left:
                yield _take(day, sells[day], buys[later])


def _pool(buys: dict, sells: dict):
    quantity = cost = fees = Fraction(0)
    for day in sorted(set(buys) | set(sells)):
        if day in buys and buys[day].left:
            amount, fee = buys[day].share(buys[day].left)
            quantity, cost, fees = quantity + buys[day].left, cost + amount, fees + fee
        if day in sells and sells[day].left:
            taken = sells[day].left
            part = _part(day, sells[day], cost * taken / quantity, fees * taken / quantity, taken)
            quantity, cost, fees = quantity - taken, cost - part[2], fees - part[3]
            yield part


def uk_totals(trades: list, bittytax_rounding: bool = False) -> shared.Totals:
    """Per tax year; each matched part is one disposal (as bittytax counts them). With
    BITTYTAX_ROUNDING each part's proceeds, cost and fees are rounded to the cent first, as
    bittytax does (tax_event.py), so its totals can be matched to the cent."""
    totals = shared.Totals()
    for index, (day, proceeds, cost, buy_fee, sell_fee) in enumerate(uk_parts(trades)):
        year = shared.uk_year(day)
        if bittytax_rounding:
            totals.add(year, index, shared.cents(proceeds), shared.cents(cost), fees=shared.cents(buy_fee + sell_fee))
        else:
            totals.add(year, index, proceeds, cost + buy_fee, fees=sell_fee)
    return totals
