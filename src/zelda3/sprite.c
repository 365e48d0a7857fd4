/* Sprite and overlord names; see sprite.h. */
#include "zelda3/sprite.h"

#include <stddef.h>

/* Indexed by sprite id (world reference §4.1, usdasm column). */
static const char *const sprite_names[Z3_SPRITE_COUNT] = {
    "Raven", /* 00 */
    "Vulture", /* 01 */
    "Stalfos Head", /* 02 */
    "Null", /* 03 */
    "Correct Pull Switch", /* 04 */
    "Unused Correct Pull Switch", /* 05 */
    "Wrong Pull Switch", /* 06 */
    "Unused Wrong Pull Switch", /* 07 */
    "Octorok", /* 08 */
    "Moldorm", /* 09 */
    "Octorok 4Way", /* 0A */
    "Cucco", /* 0B */
    "Octorok Stone", /* 0C */
    "Buzzblob", /* 0D */
    "Snapdragon", /* 0E */
    "Octoballoon", /* 0F */
    "Octoballoon Baby", /* 10 */
    "Hinox", /* 11 */
    "Moblin", /* 12 */
    "Mini Helmasaur", /* 13 */
    "Thieves Town Grate", /* 14 */
    "Antifairy", /* 15 */
    "Sahasrahla / Aginah", /* 16 */
    "Hoarder", /* 17 */
    "Mini Moldorm", /* 18 */
    "Poe", /* 19 */
    "Smithy", /* 1A */
    "Arrow", /* 1B */
    "Statue", /* 1C */
    "Flutequest", /* 1D */
    "Crystal Switch", /* 1E */
    "Sick Kid", /* 1F */
    "Sluggula", /* 20 */
    "Water Switch", /* 21 */
    "Ropa", /* 22 */
    "Red Bari", /* 23 */
    "Blue Bari", /* 24 */
    "Talking Tree", /* 25 */
    "Hardhat Beetle", /* 26 */
    "Deadrock", /* 27 */
    "Dark World Hint Npc", /* 28 */
    "Adult", /* 29 */
    "Sweeping Lady", /* 2A */
    "Hobo", /* 2B */
    "Lumberjacks", /* 2C */
    "Neckless Man", /* 2D */
    "Flute Kid", /* 2E */
    "Race Game Lady", /* 2F */
    "Race Game Guy", /* 30 */
    "Fortune Teller", /* 31 */
    "Argue Bros", /* 32 */
    "Rupee Pull", /* 33 */
    "Young Snitch", /* 34 */
    "Innkeeper", /* 35 */
    "Witch", /* 36 */
    "Waterfall", /* 37 */
    "Eye Statue", /* 38 */
    "Locksmith", /* 39 */
    "Magic Bat", /* 3A */
    "Bonk Item", /* 3B */
    "Kid In Kak", /* 3C */
    "Old Snitch", /* 3D */
    "Hoarder", /* 3E */
    "Tutorial Guard", /* 3F */
    "Lightning Gate", /* 40 */
    "Blue Guard", /* 41 */
    "Green Guard", /* 42 */
    "Red Spear Guard", /* 43 */
    "Bluesain Bolt", /* 44 */
    "Usain Bolt", /* 45 */
    "Blue Archer", /* 46 */
    "Green Bush Guard", /* 47 */
    "Red Javelin Guard", /* 48 */
    "Red Bush Guard", /* 49 */
    "Bomb Guard", /* 4A */
    "Green Knife Guard", /* 4B */
    "Geldman", /* 4C */
    "Toppo", /* 4D */
    "Popo", /* 4E */
    "Popo", /* 4F */
    "Cannonball", /* 50 */
    "Armos Statue", /* 51 */
    "King Zora", /* 52 */
    "Armos Knight", /* 53 */
    "Lanmolas", /* 54 */
    "Zora / Fireball", /* 55 */
    "Zora", /* 56 */
    "Desert Statue", /* 57 */
    "Crab", /* 58 */
    "Lost Woods Bird", /* 59 */
    "Lost Woods Squirrel", /* 5A */
    "Spark", /* 5B */
    "Spark", /* 5C */
    "Roller Vertical Down First", /* 5D */
    "Roller Vertical Up First", /* 5E */
    "Roller Horizontal Right First", /* 5F */
    "Roller Horizontal Left First", /* 60 */
    "Beamos", /* 61 */
    "Mastersword", /* 62 */
    "Debirando Pit", /* 63 */
    "Debirando", /* 64 */
    "Archery Guy", /* 65 */
    "Wall Cannon Vertical Left", /* 66 */
    "Wall Cannon Vertical Right", /* 67 */
    "Wall Cannon Horizontal Top", /* 68 */
    "Wall Cannon Horizontal Bottom", /* 69 */
    "Ball N Chain", /* 6A */
    "Cannonball / Cannon Trooper", /* 6B */
    "Mirror Portal", /* 6C */
    "Rat / Cricket", /* 6D */
    "Snake", /* 6E */
    "Keese", /* 6F */
    "King Helmasaur Fireball", /* 70 */
    "Leever", /* 71 */
    "Fairy Pond Trigger", /* 72 */
    "Uncle / Priest / Mantle", /* 73 */
    "Running Man", /* 74 */
    "Bottle Merchant", /* 75 */
    "Zelda", /* 76 */
    "Antifairy", /* 77 */
    "Sahasrahlas Wife", /* 78 */
    "Bee", /* 79 */
    "Agahnim", /* 7A */
    "Agahnims Balls", /* 7B */
    "Green Stalfos", /* 7C */
    "Big Spike", /* 7D */
    "Firebar Clockwise", /* 7E */
    "Firebar Counterclockwise", /* 7F */
    "Firesnake", /* 80 */
    "Hover", /* 81 */
    "Antifairy Circle", /* 82 */
    "Green Eyegore / Green Mimic", /* 83 */
    "Red Eyegore / Red Mimic", /* 84 */
    "Yellow Stalfos", /* 85 */
    "Kodongo", /* 86 */
    "Kondongo Fire", /* 87 */
    "Mothula", /* 88 */
    "Mothula Beam", /* 89 */
    "Spike Block", /* 8A */
    "Gibdo", /* 8B */
    "Arrghus", /* 8C */
    "Arrghi", /* 8D */
    "Terrorpin", /* 8E */
    "Blob", /* 8F */
    "Wallmaster", /* 90 */
    "Stalfos Knight", /* 91 */
    "King Helmasaur", /* 92 */
    "Bumper", /* 93 */
    "Pirogusu", /* 94 */
    "Laser Eye Left", /* 95 */
    "Laser Eye Right", /* 96 */
    "Laser Eye Top", /* 97 */
    "Laser Eye Bottom", /* 98 */
    "Pengator", /* 99 */
    "Kyameron", /* 9A */
    "Wizzrobe", /* 9B */
    "Zoro", /* 9C */
    "Babasu", /* 9D */
    "Haunted Grove Ostritch", /* 9E */
    "Haunted Grove Rabbit", /* 9F */
    "Haunted Grove Bird", /* A0 */
    "Freezor", /* A1 */
    "Kholdstare", /* A2 */
    "Kholdstare Shell", /* A3 */
    "Falling Ice", /* A4 */
    "Blue Zazak", /* A5 */
    "Red Zazak", /* A6 */
    "Stalfos", /* A7 */
    "Green Zirro", /* A8 */
    "Blue Zirro", /* A9 */
    "Pikit", /* AA */
    "Crystal Maiden", /* AB */
    "Apple", /* AC */
    "Old Man", /* AD */
    "Pipe Down", /* AE */
    "Pipe Up", /* AF */
    "Pipe Right", /* B0 */
    "Pipe Left", /* B1 */
    "Good Bee", /* B2 */
    "Pedestal Plaque", /* B3 */
    "Purple Chest", /* B4 */
    "Bomb Shop Guy", /* B5 */
    "Kiki", /* B6 */
    "Blind Maiden", /* B7 */
    "Dialogue Tester", /* B8 */
    "Bully / Pink Ball", /* B9 */
    "Whirlpool", /* BA */
    "Shopkeeper / Chest Game Guy", /* BB */
    "Drunkard", /* BC */
    "Vitreous", /* BD */
    "Vitreous Small Eye", /* BE */
    "Lightning", /* BF */
    "Catfish", /* C0 */
    "Cutscene Agahnim", /* C1 */
    "Boulder", /* C2 */
    "Gibo", /* C3 */
    "Thief", /* C4 */
    "Medusa", /* C5 */
    "4Way Shooter", /* C6 */
    "Pokey", /* C7 */
    "Big Fairy", /* C8 */
    "Tektite / Firebat", /* C9 */
    "Chain Chomp", /* CA */
    "Trinexx Rock Head", /* CB */
    "Trinexx Fire Head", /* CC */
    "Trinexx Ice Head", /* CD */
    "Blind", /* CE */
    "Swamola", /* CF */
    "Lynel", /* D0 */
    "Bunnybeam / Smoke", /* D1 */
    "Flopping Fish", /* D2 */
    "Stal", /* D3 */
    "Landmine", /* D4 */
    "Dig Game Guy", /* D5 */
    "Ganon", /* D6 */
    "Ganon", /* D7 */
    "Heart", /* D8 */
    "Green Rupee", /* D9 */
    "Blue Rupee", /* DA */
    "Red Rupee", /* DB */
    "Bomb Refill 1", /* DC */
    "Bomb Refill 4", /* DD */
    "Bomb Refill 8", /* DE */
    "Small Magic Decanter", /* DF */
    "Large Magic Decanter", /* E0 */
    "Arrow Refill 5", /* E1 */
    "Arrow Refill 10", /* E2 */
    "Fairy", /* E3 */
    "Small Key", /* E4 */
    "Big Key", /* E5 */
    "Stolen Shield", /* E6 */
    "Mushroom", /* E7 */
    "Fake Master Sword", /* E8 */
    "Magic Shop Assistant", /* E9 */
    "Heart Container", /* EA */
    "Heart Piece", /* EB */
    "Thrown Item", /* EC */
    "Somaria Platform", /* ED */
    "Castle Mantle", /* EE */
    "Unused Somaria Platform", /* EF */
    "Unused Somaria Platform", /* F0 */
    "Unused Somaria Platform", /* F1 */
    "Medallion Tablet", /* F2 */
};

/* Indexed by overlord id - 1 (§4.2, usdasm routine names as words). */
static const char *const overlord_names[Z3_OVERLORD_COUNT] = {
    "Position Target", /* 01 */
    "Full Room Cannons", /* 02 */
    "Vertical Cannon", /* 03 */
    "Unused", /* 04 */
    "Falling Stalfos", /* 05 */
    "Bad Switch Snake", /* 06 */
    "Moving Floor", /* 07 */
    "Blob Spawner", /* 08 */
    "Wallmaster Spawner", /* 09 */
    "Falling Square", /* 0A */
    "Falling Bridge", /* 0B */
    "Falling Tiles West To East", /* 0C */
    "Falling Tiles North To South", /* 0D */
    "Falling Tiles East To West", /* 0E */
    "Falling Tiles South To North", /* 0F */
    "Pirogusu Spawner Left", /* 10 */
    "Pirogusu Spawner Right", /* 11 */
    "Pirogusu Spawner Top", /* 12 */
    "Pirogusu Spawner Bottom", /* 13 */
    "Tile Room", /* 14 */
    "Wizzrobe Spawner", /* 15 */
    "Zoro Spawner", /* 16 */
    "Pot Trap", /* 17 */
    "Invisible Stalfos", /* 18 */
    "Armos Coordinator", /* 19 */
    "Bad Switch Bomb", /* 1A */
};

const char *z3_sprite_name(uint8_t id) {
  return id < Z3_SPRITE_COUNT ? sprite_names[id] : NULL;
}

const char *z3_overlord_name(uint8_t id) {
  if (id < Z3_OVERLORD_FIRST || id > Z3_OVERLORD_LAST) return NULL;
  return overlord_names[id - Z3_OVERLORD_FIRST];
}
