package ginadvisor;

import ginrummy.Card;
import ginrummy.GinRummyPlayer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A player for the EAAI-2021 Gin Rummy framework (the GinRummyPlayer
 * interface of Todd Neller's ginrummy package, version 1.0) that plays by
 * driving "ginadvisor engine" over its line protocol. Each framework call
 * becomes the protocol lines docs/protocol.md gives for it.
 *
 * The engine command is the system property "ginadvisor.engine" (default
 * "ginadvisor engine"), split on spaces; "ginadvisor.samples" sets the
 * worlds a decision (a cap, under the clock). "ginadvisor.gametime" is the
 * time the framework allows a game, in milliseconds (default 30000, the
 * EAAI competition's 30 s): each go says "go time MS" with what is left of
 * it by the bridge's own accounting, from the question's isready to its
 * answer, so that the engine spends it by need and never runs it out.
 */
public class GinadvisorPlayer implements GinRummyPlayer {
	private final Process process;
	private final PrintWriter out;
	private final BufferedReader in;

	private int me, starter;
	private Card[] dealt;
	private int handNumber;
	private boolean newGame = true;
	private boolean handStarted;
	private boolean firstOffer;
	private boolean dealerPassUnknown;
	private Card upcard;
	private final ArrayList<Card> pile = new ArrayList<>();
	private boolean opponentKnocked;
	private boolean knockReported;
	private List<ArrayList<Card>> knockerMelds = new ArrayList<>();
	private final long gameMillis = Long.getLong("ginadvisor.gametime", 30000L);
	private long usedNanos;

	public GinadvisorPlayer() {
		String command = System.getProperty("ginadvisor.engine", "ginadvisor engine");
		try {
			process = new ProcessBuilder(Arrays.asList(command.trim().split(" +")))
					.redirectError(ProcessBuilder.Redirect.INHERIT).start();
		} catch (IOException e) {
			throw new IllegalStateException("cannot start " + command + ": " + e.getMessage(), e);
		}
		out = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
		in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
		send("ginrummy");
		while (!receive().equals("ginrummyok")) {
		}
		send("setoption name rules value eaai");
		String samples = System.getProperty("ginadvisor.samples");
		if (samples != null) {
			send("setoption name samples value " + samples);
		}
		send("setoption name info value false");
	}

	private void send(String line) {
		out.println(line);
	}

	private String receive() {
		try {
			String line = in.readLine();
			if (line == null) {
				throw new IllegalStateException("the engine ended");
			}
			return line;
		} catch (IOException e) {
			throw new IllegalStateException("reading the engine: " + e.getMessage(), e);
		}
	}

	/**
	 * ask sends go and returns the move after "bestmove ". An isready first
	 * collects the errors of the events sent since the last question, so
	 * that the answer to go is the line after readyok: a move, or an error
	 * that ends the bridge's game.
	 */
	private String ask() {
		long start = System.nanoTime();
		try {
			return askTimed();
		} finally {
			usedNanos += System.nanoTime() - start;
		}
	}

	private String askTimed() {
		send("isready");
		for (String line = receive(); !line.equals("readyok"); line = receive()) {
			if (line.startsWith("error")) {
				System.err.println("ginadvisor: " + line);
			}
		}
		send("go time " + Math.max(0L, gameMillis - usedNanos / 1_000_000L));
		while (true) {
			String line = receive();
			if (line.startsWith("bestmove ")) {
				return line.substring("bestmove ".length());
			}
			if (line.startsWith("error")) {
				throw new IllegalStateException("the engine says: " + line);
			}
		}
	}

	private static String seat(int playerNum) {
		return "p" + (playerNum + 1);
	}

	private static String text(Card c) {
		return c.toString();
	}

	private static String cards(List<Card> cs) {
		StringBuilder b = new StringBuilder();
		for (Card c : cs) {
			if (b.length() > 0) {
				b.append(' ');
			}
			b.append(text(c));
		}
		return b.toString();
	}

	private static String melds(List<ArrayList<Card>> melds) {
		StringBuilder b = new StringBuilder();
		for (List<Card> m : melds) {
			if (m.isEmpty()) {
				continue;
			}
			if (b.length() > 0) {
				b.append(" | ");
			}
			b.append(cards(m));
		}
		return b.length() == 0 ? "-" : b.toString();
	}

	private static Card card(String s) {
		Card c = Card.strCardMap.get(s.trim());
		if (c == null) {
			throw new IllegalStateException("not a card: " + s);
		}
		return c;
	}

	private static ArrayList<ArrayList<Card>> parseMelds(String s) {
		ArrayList<ArrayList<Card>> melds = new ArrayList<>();
		s = s.trim();
		if (s.isEmpty() || s.equals("-")) {
			return melds;
		}
		for (String part : s.split("\\|")) {
			ArrayList<Card> m = new ArrayList<>();
			for (String c : part.trim().split(" +")) {
				m.add(card(c));
			}
			melds.add(m);
		}
		return melds;
	}

	@Override
	public void startGame(int playerNum, int startingPlayerNum, Card[] cards) {
		me = playerNum;
		starter = startingPlayerNum;
		dealt = cards.clone();
		handStarted = false;
		firstOffer = true;
		dealerPassUnknown = false;
		opponentKnocked = false;
		knockReported = false;
		knockerMelds = new ArrayList<>();
		pile.clear();
		if (newGame) {
			send("newgame");
			handNumber = 0;
			usedNanos = 0;
			newGame = false;
		}
		handNumber++;
	}

	/** beginHand sends newhand once the first upcard is known. */
	private void beginHand(Card up) {
		if (handStarted) {
			return;
		}
		handStarted = true;
		upcard = up;
		pile.add(up);
		send("newhand seat " + seat(me) + " dealer " + seat(1 - starter) + " number " + handNumber + " hand "
				+ cards(Arrays.asList(dealt)) + " upcard " + text(up));
	}

	@Override
	public boolean willDrawFaceUpCard(Card card) {
		if (!handStarted) {
			beginHand(card);
			if (me != starter) {
				// The dealer is offered the upcard only after the starter
				// passed it.
				send("event " + seat(starter) + " pass " + text(card));
			}
		}
		String move = ask();
		if (move.equals("take")) {
			return true;
		}
		if (move.equals("pass")) {
			send("event " + seat(me) + " pass " + text(card));
			if (me == starter) {
				dealerPassUnknown = true;
			}
		}
		return false;
	}

	@Override
	public void reportDraw(int playerNum, Card drawnCard) {
		if (!handStarted && drawnCard != null) {
			// A dealer never offered the upcard: the starter took it.
			beginHand(drawnCard);
		}
		Card top = pile.isEmpty() ? null : pile.get(pile.size() - 1);
		if (drawnCard != null && drawnCard.equals(top)) {
			send("event " + seat(playerNum) + " take " + text(drawnCard));
			pile.remove(pile.size() - 1);
		} else {
			if (firstOffer && dealerPassUnknown && playerNum == starter) {
				// The starter learns of the dealer's pass from its own draw.
				send("event " + seat(1 - starter) + " pass " + text(upcard));
			}
			send("event " + seat(playerNum) + " draw" + (drawnCard != null && playerNum == me ? " " + text(drawnCard) : ""));
		}
		firstOffer = false;
		dealerPassUnknown = false;
	}

	@Override
	public Card getDiscard() {
		String move = ask();
		if (!move.startsWith("discard ")) {
			throw new IllegalStateException("expected a discard, the engine says " + move);
		}
		return card(move.substring("discard ".length()));
	}

	@Override
	public void reportDiscard(int playerNum, Card discardedCard) {
		send("event " + seat(playerNum) + " discard " + text(discardedCard));
		pile.add(discardedCard);
	}

	@Override
	public ArrayList<ArrayList<Card>> getFinalMelds() {
		String move = ask();
		if (opponentKnocked) {
			// The defender's melds; the framework lays off by itself.
			String m = move.startsWith("melds ") ? move.substring("melds ".length()) : "-";
			int layoff = m.indexOf(" layoff ");
			return parseMelds(layoff >= 0 ? m.substring(0, layoff) : m);
		}
		if (move.equals("playon")) {
			return null;
		}
		int space = move.indexOf(' ');
		return parseMelds(space < 0 ? "" : move.substring(space + 1));
	}

	@Override
	public void reportFinalMelds(int playerNum, ArrayList<ArrayList<Card>> melds) {
		int melded = 0;
		for (List<Card> m : melds) {
			melded += m.size();
		}
		if (!knockReported) {
			knockReported = true;
			knockerMelds = melds;
			opponentKnocked = playerNum != me;
			send("event " + seat(playerNum) + (melded >= 10 ? " gin " : " knock ") + melds(melds));
		} else {
			send("event " + seat(playerNum) + " melds " + melds(melds));
		}
	}

	@Override
	public void reportScores(int[] scores) {
		if (scores[0] >= 100 || scores[1] >= 100) {
			newGame = true;
		} else {
			send("scores " + scores[0] + " " + scores[1]);
		}
	}

	@Override
	public void reportLayoff(int playerNum, Card layoffCard, ArrayList<Card> opponentMeld) {
		// Checked by the engine, not tracked: the framework lays off.
	}

	@Override
	public void reportFinalHand(int playerNum, ArrayList<Card> hand) {
		if (knockReported && playerNum != me && hand.size() == 10) {
			send("event " + seat(playerNum) + " hand " + cards(hand));
		}
	}

	/** close ends the engine. */
	public void close() {
		send("quit");
		process.destroy();
	}
}
