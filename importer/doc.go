// Package importer reads game records written by other programs, the EAAI
// framework's verbose transcripts and OpenSpiel's gin_rummy histories, and
// turns them into ginadvisor's game log (package gamelog), each game
// replayed and checked against the rules as it is read.
package importer
