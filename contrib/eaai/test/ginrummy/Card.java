package ginrummy;

import java.util.HashMap;

/**
 * A stand-in for the framework's Card, written for the bridge's test from
 * the framework's documented interface: ranks A..K as 0..12, suits in the
 * framework's order C, H, S, D, one object per card, toString such as
 * "AC", and the map from those names to the cards.
 */
public class Card {
	public static final int NUM_RANKS = 13, NUM_SUITS = 4, NUM_CARDS = 52;
	public static final String[] rankNames = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"};
	public static final String[] suitNames = {"C", "H", "S", "D"};
	public static final Card[] allCards = new Card[NUM_CARDS];
	public static final HashMap<String, Card> strCardMap = new HashMap<>();

	static {
		for (int s = 0; s < NUM_SUITS; s++) {
			for (int r = 0; r < NUM_RANKS; r++) {
				Card c = new Card(r, s);
				allCards[c.getId()] = c;
				strCardMap.put(c.toString(), c);
			}
		}
	}

	public final int rank, suit;

	private Card(int rank, int suit) {
		this.rank = rank;
		this.suit = suit;
	}

	public int getId() {
		return suit * NUM_RANKS + rank;
	}

	public int getRank() {
		return rank;
	}

	public int getSuit() {
		return suit;
	}

	@Override
	public String toString() {
		return rankNames[rank] + suitNames[suit];
	}
}
