"""A ledger's address (kind ``ledger_address``: a wallet's, a contract's) is written as its ledger writes one, and an
address is a ledger's by its own name or by its API's ledger words, its tool's description included
(``addresses.ledger_words``, ``markets.ledger_domains``); a street's address stays a street's."""

from __future__ import annotations

import random
import re

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result


def test_an_nft_marketplaces_buyers_have_wallet_addresses() -> None:
    """Review (session 48): the top buyers of an NFT marketplace (its tool's description says so) had street
    addresses ("H.No. 80, Chawla Circle, Jodhpur"). A ledger's address is written as its ledger writes one
    (``addresses.ledger_forms``): "0x" and 40 hex digits, Bitcoin's "bc1q…"; a billing address stays a street's."""
    def api(tool: str, description: str, *paths: tuple[str, ...]) -> Api:
        return Api(category="Finance", tool=tool, name="Get List of Top Buyers", description="Best buyers by day",
                   tool_description=description, output_components=tuple(OutputComponent(path=p) for p in paths))

    nft = api("Rarible Data Scraper", "Fetch the data of an NFTs marketplace", ("address",), ("billing", "address"))
    btc = api("Wallet Generator", "Generate Bitcoin wallets", ("address",))
    shop = api("Shop Data", "Fetch the data of a shop", ("address",))
    for seed in range(5):
        body = build_result(nft, random.Random(seed))["response"]
        assert re.fullmatch(r"0x[0-9a-f]{40}", body["address"]) and not body["billing"]["address"].startswith("0x")
        assert re.fullmatch(r"bc1q[0-9a-z]{38}", build_result(btc, random.Random(seed))["response"]["address"])
        assert " " in build_result(shop, random.Random(seed))["response"]["address"]  # a street's
