#compdef ginadvisor
# zsh completion for ginadvisor; load it with
#   source <(ginadvisor completion zsh)
_ginadvisor() {
  local -a opts
  local cur=${words[CURRENT]}
  if [[ "$cur" == -* ]]; then
    opts=("${(@f)$(${words[1]} ${words[2,CURRENT-1]} $cur --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[1]} ${words[2,CURRENT-1]} --generate-bash-completion 2>/dev/null)}")
  fi
  opts=(${opts%%:*})
  if [[ -n "$opts" ]]; then
    compadd -a opts
  else
    _files
  fi
}
compdef _ginadvisor ginadvisor
