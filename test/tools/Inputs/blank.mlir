// comments only

