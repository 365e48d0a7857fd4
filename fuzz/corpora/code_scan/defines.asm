!max_hp = 20
