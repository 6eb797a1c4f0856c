"""Language done properly: the book's texts follow the language of the moment, counts agree with their nouns."""

from app_helpers import Driver, make_adventure, make_services

from game.scenes.sheet.scene import SheetScene


def test_the_book_s_starting_equipment_is_shown_in_english_after_switching(tmp_path):
    services = make_services(tmp_path)
    adventure = make_adventure(services, "DF49")
    adventure.act({"do": "add_item", "text": "Corde de chanvre"})
    services.settings.language = "en"
    services.save_settings()
    driver = Driver(SheetScene(services, adventure))
    shown = [services.ui.text(item) for item in driver.top.controls.backpack.equipment.items]
    assert "Sword forged by the Dwarves of Sardath" in shown
    assert "Épée forgée par les Nains de Sardath" in adventure.state.equipment  # the sheet itself is unchanged
    assert "Corde de chanvre" in shown  # what the player wrote stays as written
