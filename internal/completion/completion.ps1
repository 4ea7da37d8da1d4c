# PowerShell completion for ginadvisor; load it with
#   ginadvisor completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName ginadvisor -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $words = $commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() }
  if ($wordToComplete -ne '') { $words = $words | Select-Object -SkipLast 1 }
  $args = @($words)
  if ($wordToComplete -like '-*') { $args += $wordToComplete }
  $args += '--generate-bash-completion'
  & ginadvisor @args 2>$null | ForEach-Object { ($_ -split ':')[0] } |
    Where-Object { $_ -like "$wordToComplete*" } |
    ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}
