"""Rules on the state of one system's records (tooldial.graph.record_state, issue 27)."""

from __future__ import annotations


def _entity(api: str, role: str, key: str, tool: str = "Shop|shop"):
    from tooldial.graph.entities import Entity

    words = " ".join(key.replace("|", " ").replace("[]", " ").replace(".", " ").replace("_", " ").split())
    leaf = key.rsplit("|", 1)[-1]
    return Entity(f"{tool}|{api}", role, key, words, words, raw=leaf)


def test_a_stored_value_of_the_field_a_call_sets_is_not_its_new_value():
    from tooldial.graph.record_state import stored_value_replaced

    target = _entity("modify_user_address", "input", "city")
    assert stored_value_replaced(_entity("get_order_details", "output", "address|city"), target)
    assert stored_value_replaced(_entity("get_user_details", "output", "address|city"),
                                 _entity("modify_pending_order_address", "input", "city"))
    # the record's key into the same call is what it acts on
    assert not stored_value_replaced(_entity("get_user_details", "output", "user_id"),
                                     _entity("modify_user_address", "input", "user_id"))
    # a value not under the field the call names (a city of a search) stays
    assert not stored_value_replaced(_entity("search_hotels", "output", "hotels|city"), target)
    # a list the call rewrites keeps the record's current entries
    assert not stored_value_replaced(_entity("get_reservation_details", "output", "flights|flight_number"),
                                     _entity("update_reservation_flights", "input", "flights[].flight_number"))
    # a lookup is no setter
    assert not stored_value_replaced(_entity("get_order_details", "output", "address|city"),
                                     _entity("search_stores_address", "input", "city"))
    # other systems are not judged here
    assert not stored_value_replaced(_entity("get_order_details", "output", "address|city", tool="A|a"),
                                     _entity("modify_user_address", "input", "city", tool="B|b"))


def test_a_stored_field_into_an_update_of_its_record_type_is_the_current_value():
    from tooldial.graph.record_state import copies_into_update

    target = _entity("updatePet", "input", "name")
    assert copies_into_update(_entity("findPetsByStatus", "output", "name"), target)
    assert not copies_into_update(_entity("findPetsByStatus", "output", "id"), _entity("updatePet", "input", "id"))
    assert not copies_into_update(_entity("getUserByName", "output", "name"), target)  # another record type
    assert not copies_into_update(_entity("findPetsByStatus", "output", "name"), _entity("getPetByName", "input",
                                                                                          "name"))
    # an entry of a list the update rewrites (the reservation's passengers) stays
    assert not copies_into_update(_entity("get_reservation_details", "output", "passengers|first_name"),
                                  _entity("update_reservation_passengers", "input", "passengers[].first_name"))


def test_parts_of_an_ended_record_are_no_input_of_a_change_of_such_parts():
    from tooldial.graph.record_state import parts_of_ended_record

    items = _entity("cancel_pending_order", "output", "items|item_id")
    assert parts_of_ended_record(items, _entity("return_delivered_order_items", "input", "item_ids"))
    assert parts_of_ended_record(_entity("cancel_reservation", "output", "passengers|first_name"),
                                 _entity("update_reservation_passengers", "input", "passengers[].first_name"))
    # values that outlive the record stay: its owner, the payment method used
    assert not parts_of_ended_record(_entity("cancel_pending_order", "output", "user_id"),
                                     _entity("modify_user_address", "input", "user_id"))
    assert not parts_of_ended_record(_entity("cancel_pending_order", "output", "payment_history|payment_method_id"),
                                     _entity("modify_pending_order_payment", "input", "payment_method_id"))
    # the items of a record that was not ended stay
    assert not parts_of_ended_record(_entity("get_order_details", "output", "items|item_id"),
                                     _entity("return_delivered_order_items", "input", "item_ids"))
    # a lookup of the parts stays (a cancelled flight rebooked is a new booking, not a change)
    assert not parts_of_ended_record(_entity("cancel_reservation", "output", "flights|flight_number"),
                                     _entity("book_reservation", "input", "flights[].flight_number"))


def test_another_records_value_goes_into_new_x_not_into_the_records_current_x():
    from tooldial.graph.record_state import other_record_as_current

    inputs = ["order_id", "item_ids", "new_item_ids", "payment_method_id"]
    variant = _entity("get_product_details", "output", "variants|item_id")
    assert other_record_as_current(variant, _entity("modify_pending_order_items", "input", "item_ids"), inputs)
    assert not other_record_as_current(_entity("get_order_details", "output", "items|item_id"),
                                       _entity("modify_pending_order_items", "input", "item_ids"), inputs)
    # a call with no new_x: nothing to choose between
    assert not other_record_as_current(variant, _entity("return_delivered_order_items", "input", "item_ids"),
                                       ["order_id", "item_ids"])
