"""The pure bridge from the scenario document to geometry and rules.

Tools on the board and the ``battleboard check`` command stand on this
package: it builds world shapes from a scenario (`board.game.world`),
resolves what a measurement is between (`board.game.targets`), measures
(`board.game.measure`), reads and writes building state through the rules
(`board.game.buildings`), and answers void-shield and deployment questions.
It never imports Qt.
"""
